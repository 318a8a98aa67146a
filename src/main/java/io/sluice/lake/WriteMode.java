package io.sluice.lake;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How Sluice writes an asset's table. Every mode is idempotent: re-running a materialization never
 * duplicates or destroys rows.
 */
public sealed interface WriteMode permits WriteMode.Append, WriteMode.PartitionOverwrite, WriteMode.Upsert, WriteMode.Bitemporal {

    Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** The name users see: {@code APPEND}, {@code PARTITION_OVERWRITE}, {@code UPSERT}, {@code BITEMPORAL_MERGE}. */
    String label();

    /**
     * Raw landing: rows are appended; the value of {@code loadIdColumn} names the load they came in (a file,
     * a filing, a day), and a load that is already in the table is not appended again.
     */
    static Append append(String loadIdColumn) {
        return new Append(loadIdColumn);
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
     * The bi-temporal merge of BITEMPORAL.md: business time from {@code dateColumn}, system time from the
     * write; {@code completeBy} (a subset of the key columns) makes each filing complete for its scope.
     */
    static Bitemporal bitemporal(List<String> keyColumns, List<String> valueColumns, String dateColumn, List<String> completeBy) {
        return new Bitemporal(keyColumns, valueColumns, dateColumn, completeBy);
    }

    record Append(String loadIdColumn) implements WriteMode {
        public Append {
            identifiers(List.of(loadIdColumn));
        }

        @Override
        public String label() {
            return "APPEND";
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
    }

    record Bitemporal(List<String> keyColumns, List<String> valueColumns, String dateColumn, List<String> completeBy) implements WriteMode {
        public Bitemporal {
            keyColumns = identifiers(keyColumns);
            valueColumns = identifiers(valueColumns);
            identifiers(List.of(dateColumn));
            completeBy = identifiers(completeBy == null ? List.of() : completeBy);
            if (keyColumns.isEmpty() || valueColumns.isEmpty()) {
                throw new IllegalArgumentException("BITEMPORAL_MERGE needs key columns and value columns");
            }
            if (!keyColumns.containsAll(completeBy)) {
                throw new IllegalArgumentException("complete_by " + completeBy + " must be a subset of the key columns " + keyColumns);
            }
        }

        public Optional<List<String>> completeByColumns() {
            return completeBy.isEmpty() ? Optional.empty() : Optional.of(completeBy);
        }

        @Override
        public String label() {
            return "BITEMPORAL_MERGE";
        }
    }

    private static List<String> identifiers(List<String> names) {
        for (String name : names) {
            if (name == null || !IDENTIFIER.matcher(name).matches()) {
                throw new IllegalArgumentException("not a valid column name: '" + name + "'");
            }
        }
        return List.copyOf(names);
    }
}
