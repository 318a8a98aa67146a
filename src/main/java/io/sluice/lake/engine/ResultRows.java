package io.sluice.lake.engine;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small result (a check's sample, a page) as rows of column name to value: numbers and booleans as they are, the rest as text. */
public final class ResultRows {

    private ResultRows() {}

    public static List<Map<String, Object>> of(ResultSet rs) throws SQLException {
        return of(rs, Integer.MAX_VALUE);
    }

    /** At most {@code max} rows of {@code rs}, as {@link #of(ResultSet)} reads them. */
    public static List<Map<String, Object>> of(ResultSet rs, int max) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        List<Map<String, Object>> rows = new ArrayList<>();
        while (rows.size() < max && rs.next()) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                Object value = rs.getObject(i);
                if (value instanceof java.sql.Timestamp t && "timestamptz".equals(meta.getColumnTypeName(i))) {
                    // PostgreSQL's TIMESTAMPTZ as DuckDB's driver writes one: ISO 8601 in UTC, not in the JVM's zone
                    value = t.toInstant().atOffset(java.time.ZoneOffset.UTC);
                }
                row.put(
                        meta.getColumnLabel(i),
                        value == null || value instanceof Number || value instanceof Boolean
                                ? value
                                : value.toString());
            }
            rows.add(row);
        }
        return rows;
    }

    /** The first column of every row, as text. */
    public static List<String> firstColumn(ResultSet rs) throws SQLException {
        List<String> values = new ArrayList<>();
        while (rs.next()) {
            values.add(rs.getString(1));
        }
        return values;
    }
}
