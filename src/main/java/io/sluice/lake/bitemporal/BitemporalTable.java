package io.sluice.lake.bitemporal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A bi-temporal table: its name, key, value and date columns, the optional {@code complete_by} columns and
 * the SQL types of key and value columns (VARCHAR unless given). Every name is checked to be a plain
 * identifier and every type to be a plain type name, so nothing the record holds can inject SQL.
 *
 * <p>An empty {@code completeBy}, or one naming exactly the key columns, is <em>key mode</em>: each key is its
 * own scope. Otherwise the table is in <em>complete mode</em>: a filing lists all keys of its scope.
 *
 * <p>Tables: {@code name} (the versions), {@code name__assertions} (the knowledge base) and, in complete mode,
 * {@code name__filings}.
 */
public record BitemporalTable(
        String name,
        List<String> keyColumns,
        List<String> valueColumns,
        String dateColumn,
        List<String> completeBy,
        Map<String, String> columnTypes) {

    /** Columns of the version table that key and value columns may not be called. */
    public static final List<String> RESERVED =
            List.of("valid_from", "valid_to", "value_hash", "system_from", "system_to", "filing_date");

    /** How the merge statements' own aliases start; no key or value column may. */
    public static final String ALIAS_PREFIX = "__sluice_";

    private static final Pattern TYPE =
            Pattern.compile("[A-Za-z][A-Za-z0-9_]*( [A-Za-z][A-Za-z0-9_]*)*( ?\\( ?\\d{1,3} ?(, ?\\d{1,3} ?)?\\))?");
    private static final Set<String> FLOAT_TYPES = Set.of("float", "float4", "float8", "real", "double");

    public BitemporalTable {
        Sql.identifier(name, "table name");
        if (Sql.lower(name).startsWith("sluice_")) {
            // the names of a write's temp tables and of the common table expressions in its statements
            throw new IllegalArgumentException(
                    "table name " + name + " is reserved: names starting with sluice_ are Sluice's own");
        }
        keyColumns = List.copyOf(keyColumns);
        valueColumns = List.copyOf(valueColumns);
        completeBy = completeBy == null ? List.of() : List.copyOf(completeBy);
        columnTypes = columnTypes == null ? Map.of() : Map.copyOf(columnTypes);
        if (keyColumns.isEmpty()) {
            throw new IllegalArgumentException("a bi-temporal table needs at least one key column");
        }
        Sql.identifier(dateColumn, "date column");
        Set<String> seen = new HashSet<>();
        List<String> stored = new ArrayList<>(keyColumns);
        stored.addAll(valueColumns);
        for (String column : stored) {
            Sql.identifier(column, "column name");
            String lower = Sql.lower(column);
            if (RESERVED.contains(lower) || lower.startsWith("sluice_") || lower.startsWith(ALIAS_PREFIX)) {
                // sluice_*: the columns of a write's temp tables; __sluice_*: the aliases in its statements
                throw new IllegalArgumentException("column name " + column + " is reserved");
            }
            if (!seen.add(lower)) {
                throw new IllegalArgumentException("column " + column + " is declared twice");
            }
        }
        if (seen.contains(Sql.lower(dateColumn))) {
            throw new IllegalArgumentException("date column " + dateColumn + " cannot also be a key or value column");
        }
        Set<String> keys = new HashSet<>();
        keyColumns.forEach(k -> keys.add(Sql.lower(k)));
        Set<String> scope = new HashSet<>();
        for (String column : completeBy) {
            if (!keys.contains(Sql.lower(Sql.identifier(column, "complete_by column")))) {
                throw new IllegalArgumentException("complete_by column " + column + " is not a key column");
            }
            if (!scope.add(Sql.lower(column))) {
                throw new IllegalArgumentException("complete_by column " + column + " is listed twice");
            }
        }
        if (scope.equals(keys)) {
            completeBy = List.of(); // each key is its own scope: that is key mode
        }
        for (Map.Entry<String, String> e : columnTypes.entrySet()) {
            if (!seen.contains(Sql.lower(e.getKey()))) {
                throw new IllegalArgumentException("column type given for unknown column " + e.getKey());
            }
            String type = e.getValue();
            if (type == null || !TYPE.matcher(type).matches()) {
                throw new IllegalArgumentException("column " + e.getKey() + " has an invalid type: " + type);
            }
            if (FLOAT_TYPES.contains(Sql.lower(type.trim()))) {
                throw new IllegalArgumentException("column " + e.getKey() + ": floating-point types are outside the "
                        + "value_hash contract, use DECIMAL or VARCHAR");
            }
        }
    }

    /** A key-mode table with VARCHAR columns. */
    public static BitemporalTable of(
            String name, List<String> keyColumns, List<String> valueColumns, String dateColumn) {
        return new BitemporalTable(name, keyColumns, valueColumns, dateColumn, List.of(), Map.of());
    }

    public BitemporalTable withCompleteBy(List<String> columns) {
        return new BitemporalTable(name, keyColumns, valueColumns, dateColumn, columns, columnTypes);
    }

    public BitemporalTable withColumnType(String column, String type) {
        Map<String, String> types = new LinkedHashMap<>(columnTypes);
        types.put(column, type);
        return new BitemporalTable(name, keyColumns, valueColumns, dateColumn, completeBy, types);
    }

    /** Whether a filing lists all keys of its scope (complete_by given), as opposed to key mode. */
    public boolean completeMode() {
        return !completeBy.isEmpty();
    }

    /** The scope columns: complete_by in complete mode, the key columns in key mode. */
    public List<String> scopeColumns() {
        return completeMode() ? completeBy : keyColumns;
    }

    /** The SQL type of a key or value column. */
    public String type(String column) {
        return columnTypes.entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase(column))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse("VARCHAR");
    }

    public String assertionsTable() {
        return name + "__assertions";
    }

    public String filingsTable() {
        return name + "__filings";
    }

    /** Columns that a batch row provides: keys, values, the date column. */
    public List<String> rowColumns() {
        List<String> columns = new ArrayList<>(keyColumns);
        columns.addAll(valueColumns);
        columns.add(dateColumn);
        return List.copyOf(columns);
    }

    /** Columns that a filing marker provides: the scope columns and the date column. */
    public List<String> markerColumns() {
        List<String> columns = new ArrayList<>(scopeColumns());
        columns.add(dateColumn);
        return List.copyOf(columns);
    }

    /** Columns of the version table in order: keys, values, valid_from, valid_to, value_hash, system_from, system_to. */
    public List<String> versionColumns() {
        List<String> columns = new ArrayList<>(keyColumns);
        columns.addAll(valueColumns);
        columns.addAll(List.of("valid_from", "valid_to", "value_hash", "system_from", "system_to"));
        return List.copyOf(columns);
    }
}
