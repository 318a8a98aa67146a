package io.sluice.lake;

import io.sluice.partitions.PartitionsDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How Sluice writes an asset's table. Every mode is idempotent: re-running a materialization never
 * duplicates or destroys rows.
 */
public sealed interface WriteMode
        permits WriteMode.Append, WriteMode.PartitionOverwrite, WriteMode.Upsert, WriteMode.Bitemporal {

    Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** The name users see: {@code APPEND}, {@code PARTITION_OVERWRITE}, {@code UPSERT}, {@code BITEMPORAL_MERGE}. */
    String label();

    /**
     * Hands this mode to the visitor's method for it: how an engine picks what it does per mode (its writer), with the
     * compiler checking that every mode is handled, instead of an {@code instanceof} chain.
     */
    <R> R accept(Visitor<R> visitor);

    /** One method per mode (see {@link #accept}). */
    interface Visitor<R> {
        R append(Append mode);

        R partitionOverwrite(PartitionOverwrite mode);

        R upsert(Upsert mode);

        R bitemporal(Bitemporal mode);
    }

    /**
     * Whether the table keeps every version of its rows (system and business time): then its current rows are those
     * believed now and valid now, and filing markers can be staged for it. Only {@code BITEMPORAL_MERGE}.
     */
    default boolean keepsHistory() {
        return false;
    }

    /**
     * The columns a read by key filters on: those that identify a row (UPSERT, BITEMPORAL_MERGE), the columns an APPEND
     * table is looked up by (its load id column unless it names others); none for PARTITION_OVERWRITE.
     */
    default List<String> keyColumns() {
        return List.of();
    }

    /**
     * The order the table's rows are read in, page by page: its key columns, then for a bi-temporal table each key's
     * versions by validity ({@code valid_from}) and then by when they were believed ({@code system_from}); a
     * PARTITION_OVERWRITE table by its partition column. An engine breaks the ties that remain its own way, the same on
     * every read.
     */
    default List<String> rowOrder() {
        return keyColumns();
    }

    /** Whether each write replaces exactly one partition, so that the asset must be partitioned and process one at a time. */
    default boolean writesOnePartition() {
        return false;
    }

    /**
     * Why partition {@code partition} of an asset with {@code partitions} (named {@code asset} in the message) cannot be
     * rolled back on its own, or empty if it can (as far as the mode can tell before the lake is asked): an UPSERT table
     * keeps snapshots of the whole table only; a bi-temporal table rolls a partition back by the business dates it
     * covers, so its partitions must be whole days.
     */
    default Optional<String> partitionRollbackProblem(
            String asset, PartitionsDefinition partitions, String partition, Instant now) {
        return Optional.empty();
    }

    /**
     * Raw landing: rows are appended; the value of {@code loadIdColumn} names the load they came in (a file,
     * a filing, a day), and a load that is already in the table is not appended again. Rows are looked up by the load
     * id; {@link Append#lookedUpBy} names other columns (a business key) to look them up by.
     */
    static Append append(String loadIdColumn) {
        return new Append(loadIdColumn, List.of());
    }

    /** Replaces exactly one partition's rows (the value of {@code partitionColumn}) in one transaction. */
    static PartitionOverwrite partitionOverwrite(String partitionColumn) {
        return new PartitionOverwrite(partitionColumn);
    }

    /** Merges on the key columns: rows with a staged key are replaced, others kept. */
    static Upsert upsert(String... keyColumns) {
        return new Upsert(List.of(keyColumns));
    }

    /**
     * The bi-temporal merge of docs/bitemporal.md: business time from {@code dateColumn}, system time from the
     * write; {@code completeBy} (a subset of the key columns) makes each filing complete for its scope.
     */
    static Bitemporal bitemporal(
            List<String> keyColumns, List<String> valueColumns, String dateColumn, List<String> completeBy) {
        return new Bitemporal(keyColumns, valueColumns, dateColumn, completeBy);
    }

    /**
     * @param lookupColumns the columns a read by key filters on (a business key such as a firm's number); empty: the load
     *                      id column
     */
    record Append(String loadIdColumn, List<String> lookupColumns) implements WriteMode {
        public Append {
            identifiers(List.of(loadIdColumn));
            lookupColumns = identifiers(lookupColumns == null ? List.of() : lookupColumns);
        }

        public Append(String loadIdColumn) {
            this(loadIdColumn, List.of());
        }

        /** The same mode, its rows looked up by {@code columns} (comma separated values in this order) instead. */
        public Append lookedUpBy(String... columns) {
            if (columns.length == 0) {
                throw new IllegalArgumentException("name at least one column to look rows up by");
            }
            return new Append(loadIdColumn, List.of(columns));
        }

        @Override
        public List<String> keyColumns() {
            return lookupColumns.isEmpty() ? List.of(loadIdColumn) : lookupColumns;
        }

        @Override
        public String label() {
            return "APPEND";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.append(this);
        }
    }

    record PartitionOverwrite(String partitionColumn) implements WriteMode {
        public PartitionOverwrite {
            identifiers(List.of(partitionColumn));
        }

        @Override
        public String label() {
            return "PARTITION_OVERWRITE";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.partitionOverwrite(this);
        }

        @Override
        public boolean writesOnePartition() {
            return true;
        }

        @Override
        public List<String> rowOrder() {
            return List.of(partitionColumn);
        }
    }

    record Upsert(List<String> keyColumns) implements WriteMode {
        public Upsert {
            keyColumns = identifiers(keyColumns);
            if (keyColumns.isEmpty()) {
                throw new IllegalArgumentException("UPSERT needs at least one key column");
            }
        }

        @Override
        public String label() {
            return "UPSERT";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.upsert(this);
        }

        @Override
        public Optional<String> partitionRollbackProblem(
                String asset, PartitionsDefinition partitions, String partition, Instant now) {
            return Optional.of("an UPSERT table keeps snapshots of the whole table, not of partitions; omit "
                    + "'partition' to roll back the whole table");
        }
    }

    record Bitemporal(List<String> keyColumns, List<String> valueColumns, String dateColumn, List<String> completeBy)
            implements WriteMode {
        public Bitemporal {
            keyColumns = identifiers(keyColumns);
            valueColumns = identifiers(valueColumns);
            identifiers(List.of(dateColumn));
            completeBy = identifiers(completeBy == null ? List.of() : completeBy);
            if (keyColumns.isEmpty() || valueColumns.isEmpty()) {
                throw new IllegalArgumentException("BITEMPORAL_MERGE needs key columns and value columns");
            }
            if (!keyColumns.containsAll(completeBy)) {
                throw new IllegalArgumentException(
                        "complete_by " + completeBy + " must be a subset of the key columns " + keyColumns);
            }
        }

        public Optional<List<String>> completeByColumns() {
            return completeBy.isEmpty() ? Optional.empty() : Optional.of(completeBy);
        }

        @Override
        public String label() {
            return "BITEMPORAL_MERGE";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.bitemporal(this);
        }

        @Override
        public boolean keepsHistory() {
            return true;
        }

        @Override
        public List<String> rowOrder() {
            List<String> order = new ArrayList<>(keyColumns);
            order.add("valid_from");
            order.add("system_from");
            return List.copyOf(order);
        }

        @Override
        public Optional<String> partitionRollbackProblem(
                String asset, PartitionsDefinition partitions, String partition, Instant now) {
            if (BusinessDates.ofPartition(partitions, partition, now).isPresent()) {
                return Optional.empty();
            }
            return Optional.of("a bi-temporal table rolls back a partition by the business dates it covers, and the "
                    + "partitions of " + asset + " (" + partitions.describe()
                    + ") are not whole days; omit 'partition' "
                    + "to roll back the whole table");
        }
    }

    private static List<String> identifiers(List<String> names) {
        for (String name : names) {
            if (name == null || !IDENTIFIER.matcher(name).matches()) {
                throw new IllegalArgumentException("not a valid column name: '" + name + "'");
            }
            if (name.length() > TableSpec.MAX_NAME_LENGTH) {
                throw new IllegalArgumentException("column name '" + name + "' has " + name.length()
                        + " characters; at most " + TableSpec.MAX_NAME_LENGTH
                        + " (PostgreSQL's limit, so that a pipeline runs on either lake)");
            }
        }
        return List.copyOf(names);
    }
}
