package io.sluice.lake.duckdb.bitemporal;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/** Loads in-memory rows into a temporary all-VARCHAR table with the DuckDB appender: the one place that imports org.duckdb. */
final class BatchLoader {

    private BatchLoader() {}

    /**
     * Appends {@code entries} as text to the existing temp table {@code table} with VARCHAR {@code columns}. The
     * appender joins the connection's transaction only if one has begun (a statement ran since auto-commit was
     * turned off); otherwise it commits on its own.
     */
    static void append(Connection connection, String table, List<String> columns, List<Map<String, Object>> entries)
            throws SQLException {
        if (entries.isEmpty()) {
            return;
        }
        DuckDBConnection duck;
        try {
            duck = connection.unwrap(DuckDBConnection.class);
        } catch (SQLException e) {
            throw new SQLException("in-memory batches need a DuckDB connection; use a SourceQuery otherwise", e);
        }
        try (DuckDBAppender appender = duck.createAppender("temp", "main", table)) {
            for (Map<String, Object> entry : entries) {
                appender.beginRow();
                for (String column : columns) {
                    appender.append(text(value(entry, column)));
                }
                appender.endRow();
            }
        }
    }

    private static Object value(Map<String, Object> entry, String column) {
        Object value = entry.get(column);
        if (value == null && !entry.containsKey(column)) {
            for (Map.Entry<String, Object> e : entry.entrySet()) {
                if (e.getKey().equalsIgnoreCase(column)) {
                    return e.getValue();
                }
            }
        }
        return value;
    }

    private static String text(Object value) {
        if (value == null) {
            return null;
        }
        return value instanceof BigDecimal decimal ? decimal.toPlainString() : value.toString();
    }

    /** Rejects entries that name a column the table does not have (a typo would otherwise read as NULL). */
    static void checkColumns(List<String> columns, List<Map<String, Object>> entries, String what) {
        List<String> known =
                columns.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
        for (int i = 0; i < entries.size(); i++) {
            for (String name : entries.get(i).keySet()) {
                if (name == null || !known.contains(name.toLowerCase(Locale.ROOT))) {
                    throw new IllegalArgumentException(what + " " + (i + 1) + " has unknown column " + name
                            + " (expected " + String.join(", ", columns) + ")");
                }
            }
        }
    }
}
