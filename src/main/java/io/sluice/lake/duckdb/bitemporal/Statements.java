package io.sluice.lake.duckdb.bitemporal;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thin JDBC calls on one connection: each one runs set-based statements, never a row loop. Prepared statements
 * are kept (at most {@value #CACHED}, least recently used first out) so that repeated writes skip DuckDB's
 * planning, which dominates small writes.
 */
final class Statements implements AutoCloseable {

    private static final int CACHED = 64;
    private static final String TRACE = traceSetting();

    private final Connection connection;
    private final Map<String, PreparedStatement> prepared = new LinkedHashMap<>(16, 0.75f, true);

    Statements(Connection connection) {
        this.connection = connection;
    }

    /** Runs several parameterless statements in one call, unprepared (DDL). */
    void execute(List<String> sql) throws SQLException {
        if (sql.isEmpty()) {
            return;
        }
        long t0 = TRACE == null ? 0 : System.nanoTime();
        long c0 = TRACE == null ? 0 : cpu();
        try (Statement statement = connection.createStatement()) {
            statement.execute(String.join(";\n", sql));
        }
        trace(t0, c0, sql.size() + " statements: " + String.join("; ", sql), -1);
    }

    /** Runs one statement; returns its update count. */
    long update(String sql, String... parameters) throws SQLException {
        if ("explain".equals(TRACE) && parameters.length == 0 && sql.startsWith("INSERT INTO sluice_bt_")) {
            String query = sql.substring(sql.indexOf(' ', "INSERT INTO ".length()) + 1);
            explain(query.startsWith("(") ? query.substring(query.indexOf(") ") + 2) : query); // after a column list
        }
        long t0 = TRACE == null ? 0 : System.nanoTime();
        long c0 = TRACE == null ? 0 : cpu();
        long n = bind(sql, parameters).executeLargeUpdate();
        trace(t0, c0, sql, n);
        return n;
    }

    /**
     * Runs one statement, prepared, with parameters that are strings or arrays ({@code Long[]} as BIGINT[],
     * {@code Integer[]} as INTEGER[]); returns its update count.
     */
    long update(String sql, List<Object> parameters) throws SQLException {
        long t0 = TRACE == null ? 0 : System.nanoTime();
        long c0 = TRACE == null ? 0 : cpu();
        PreparedStatement statement = bind(sql);
        for (int i = 0; i < parameters.size(); i++) {
            Object parameter = parameters.get(i);
            if (parameter instanceof String text) {
                statement.setString(i + 1, text);
            } else if (parameter instanceof Long[] longs) {
                statement.setArray(i + 1, connection.createArrayOf("BIGINT", longs));
            } else if (parameter instanceof Integer[] ints) {
                statement.setArray(i + 1, connection.createArrayOf("INTEGER", ints));
            } else {
                throw new IllegalArgumentException("unsupported parameter " + parameter);
            }
        }
        long n = statement.executeLargeUpdate();
        trace(t0, c0, sql, n);
        return n;
    }

    /**
     * Profiling aid: with {@code -Dsluice.bitemporal.trace=true} every statement prints its wall time, the CPU time
     * of the whole process meanwhile (steadier than wall time on a shared machine), its update count (-1 for a query)
     * and its first 150 characters to stderr ({@code -Dsluice.bitemporal.trace=full}: all of it). With
     * {@code -Dsluice.bitemporal.traceCpu=thread} the CPU time is the calling thread's: exact and steady under load
     * when DuckDB runs with {@code SET threads = 1}.
     */
    private static void trace(long t0, long c0, String sql, long n) {
        if (TRACE != null) {
            String text = "full".equals(TRACE) ? sql : sql.replaceAll("\\s+", " ");
            System.err.printf(
                    "  %8.1f ms %8.1f ms cpu %9d  %s%n",
                    (System.nanoTime() - t0) / 1e6,
                    (cpu() - c0) / 1e6,
                    n,
                    "full".equals(TRACE) ? text : text.substring(0, Math.min(150, text.length())));
        }
    }

    /** Commits the connection's transaction (traced like a statement). */
    void commit() throws SQLException {
        long t0 = TRACE == null ? 0 : System.nanoTime();
        long c0 = TRACE == null ? 0 : cpu();
        connection.commit();
        trace(t0, c0, "COMMIT", -1);
    }

    /** Every row of a query, prepared, handed to {@code each}. */
    void rows(String sql, RowHandler each, String... parameters) throws SQLException {
        long t0 = TRACE == null ? 0 : System.nanoTime();
        long c0 = TRACE == null ? 0 : cpu();
        try (ResultSet rs = bind(sql, parameters).executeQuery()) {
            while (rs.next()) {
                each.row(rs);
            }
        }
        trace(t0, c0, sql, -1);
    }

    /** Takes one row of a result set. */
    @FunctionalInterface
    interface RowHandler {
        void row(ResultSet row) throws SQLException;
    }

    /** Runs each statement, prepared. */
    void updateAll(List<String> sql) throws SQLException {
        for (String statement : sql) {
            update(statement);
        }
    }

    /** The column labels of a query, from its prepared statement: the query is not run. */
    List<String> columns(String query) throws SQLException {
        long t0 = TRACE == null ? 0 : System.nanoTime();
        long c0 = TRACE == null ? 0 : cpu();
        try (PreparedStatement statement = connection.prepareStatement(query)) {
            ResultSetMetaData meta = statement.getMetaData();
            List<String> columns = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                columns.add(meta.getColumnLabel(i));
            }
            trace(t0, c0, "(prepared only) " + query, -1);
            return columns;
        }
    }

    /** The first row of a query, as JDBC objects (an empty list when there is no row). */
    List<Object> row(String sql, String... parameters) throws SQLException {
        long t0 = TRACE == null ? 0 : System.nanoTime();
        long c0 = TRACE == null ? 0 : cpu();
        try (ResultSet rs = bind(sql, parameters).executeQuery()) {
            List<Object> row = new ArrayList<>();
            if (rs.next()) {
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    row.add(rs.getObject(i));
                }
            }
            trace(t0, c0, sql, -1);
            return row;
        }
    }

    @Override
    public void close() throws SQLException {
        SQLException failure = null;
        for (PreparedStatement statement : prepared.values()) {
            try {
                statement.close();
            } catch (SQLException e) {
                failure = failure == null ? e : failure;
            }
        }
        prepared.clear();
        if (failure != null) {
            throw failure;
        }
    }

    /** Profiling aid ({@code -Dsluice.bitemporal.trace=explain}): prints the analyzed plan of a read-only query. */
    private void explain(String query) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("EXPLAIN ANALYZE " + query)) {
            while (rs.next()) {
                System.err.println(rs.getString(2));
            }
        }
    }

    private static long cpu() {
        if ("thread".equals(System.getProperty("sluice.bitemporal.traceCpu"))) {
            // with SET threads = 1 DuckDB works on the calling thread: its CPU time is exact and steady under load
            return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        }
        return ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
                ? os.getProcessCpuTime()
                : 0;
    }

    private static String traceSetting() {
        String setting = System.getProperty("sluice.bitemporal.trace");
        return setting == null || setting.equals("false") ? null : setting;
    }

    private PreparedStatement bind(String sql, String... parameters) throws SQLException {
        PreparedStatement statement = prepared.get(sql);
        if (statement == null || statement.isClosed()) {
            statement = connection.prepareStatement(sql);
            prepared.put(sql, statement);
            evict();
        }
        for (int i = 0; i < parameters.length; i++) {
            statement.setString(i + 1, parameters[i]);
        }
        return statement;
    }

    private void evict() throws SQLException {
        Iterator<PreparedStatement> oldest = prepared.values().iterator();
        while (prepared.size() > CACHED) {
            PreparedStatement statement = oldest.next();
            oldest.remove();
            statement.close();
        }
    }
}
