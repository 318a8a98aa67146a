package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.BitemporalTable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDriver;

/** Test access to a fresh in-memory DuckDB: connect, run a query, read rows as text. */
final class Lake {

    private Lake() {}

    /** A fresh in-memory database; one thread, which is faster than two for the tiny tables of these tests. */
    static Connection memory() throws SQLException {
        // the driver itself, not DriverManager: after Quarkus tests in the same JVM, DriverManager may not see the
        // DuckDB
        // driver from this class loader ("No suitable driver found for jdbc:duckdb:")
        Connection c = new DuckDBDriver().connect("jdbc:duckdb:", new Properties());
        try (Statement s = c.createStatement()) {
            s.execute("SET threads = 1");
        }
        return c;
    }

    /** Another connection to the database of {@code c} (an in-memory one too), with a transaction of its own. */
    static Connection another(Connection c) throws SQLException {
        return ((DuckDBConnection) c).duplicate();
    }

    /** Every row of {@code sql} as text ("NULL" for NULL). */
    static List<List<String>> rows(Connection c, String sql) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) {
                    String v = rs.getString(i);
                    row.add(v == null ? "NULL" : v);
                }
                rows.add(row);
            }
        }
        return rows;
    }

    static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * The version table with system times written as labels ("T1", ...) from {@code labels}, ordered like the
     * spec's tables: by system_from label, then key, then valid_from.
     */
    static List<List<String>> versions(Connection c, BitemporalTable t, Map<Instant, String> labels)
            throws SQLException {
        List<String> cols = new ArrayList<>(t.keyColumns());
        cols.addAll(t.valueColumns());
        String select = "SELECT "
                + String.join(", ", cols.stream().map(x -> "\"" + x + "\"").toList())
                + ", CAST(valid_from AS VARCHAR), CAST(valid_to AS VARCHAR), epoch_us(system_from), epoch_us(system_to) "
                + "FROM \"" + t.name() + "\"";
        List<List<String>> out = new ArrayList<>();
        for (List<String> row : rows(c, select)) {
            List<String> r = new ArrayList<>(row.subList(0, row.size() - 2));
            r.add(label(row.get(row.size() - 2), labels));
            r.add(label(row.get(row.size() - 1), labels));
            out.add(r);
        }
        return out;
    }

    private static String label(String micros, Map<Instant, String> labels) {
        if (micros.equals("NULL")) {
            return "NULL";
        }
        Instant at = Instant.EPOCH.plusNanos(Long.parseLong(micros) * 1000);
        return labels.getOrDefault(at, at.toString());
    }
}
