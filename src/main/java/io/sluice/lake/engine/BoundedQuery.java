package io.sluice.lake.engine;

import io.sluice.lake.LakeTables.Column;
import io.sluice.lake.LakeTables.QueryResult;
import io.sluice.lake.LakeTables.UnsupportedRead;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One read-only statement of a person or an assistant on the lake ({@link io.sluice.lake.LakeTables#query}), bounded the
 * same on every engine: the engine's {@link Guard} refuses what is not one query or reads outside the lake, the statement
 * runs in a transaction the engine makes read-only (so a write it missed is still refused by the engine), a timer
 * cancels it at the time limit, and at most the row limit of rows is kept.
 */
public final class BoundedQuery {

    /** What differs between engines. */
    public interface Guard {

        /**
         * Why {@code sql} (one statement, without its final semicolon) may not run; empty if it may. Asked after
         * {@link #begin}, inside the read-only transaction.
         */
        Optional<String> refusal(Connection connection, String sql) throws SQLException;

        /** Makes what follows on {@code connection} read-only and bounded by {@code timeLimit} (a transaction). */
        void begin(Connection connection, Duration timeLimit) throws SQLException;

        /** Ends what {@link #begin} began, changing nothing. */
        void end(Connection connection) throws SQLException;
    }

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "sluice-query-timer");
        t.setDaemon(true);
        return t;
    });

    private BoundedQuery() {}

    /** Runs {@code sql} on {@code connection} under {@code guard}; see {@link io.sluice.lake.LakeTables#query}. */
    public static QueryResult run(Connection connection, Guard guard, String sql, int maxRows, Duration timeLimit) {
        String statement = statement(sql);
        if (maxRows < 1) {
            throw new IllegalArgumentException("the row limit must be at least 1, not " + maxRows);
        }
        long started = System.nanoTime();
        AtomicBoolean stopped = new AtomicBoolean();
        try {
            guard.begin(connection, timeLimit);
            try {
                // the guard looks inside the read-only transaction, so that nothing it runs to look can write
                Optional<String> refused = guard.refusal(connection, statement);
                if (refused.isPresent()) {
                    throw new UnsupportedRead("sql", refused.get());
                }
                return execute(connection, statement, maxRows, timeLimit, stopped, started);
            } finally {
                guard.end(connection);
            }
        } catch (SQLException e) {
            if (stopped.get() || "57014".equals(e.getSQLState())) { // 57014: PostgreSQL's statement_timeout
                throw new UnsupportedRead(
                        "sql",
                        "the query was stopped at its time limit of " + timeLimit.toSeconds()
                                + " s: narrow it (a filter, an aggregate) or raise the limit");
            }
            throw new UnsupportedRead("sql", "the lake refused the query: " + firstLine(e.getMessage()));
        }
    }

    private static QueryResult execute(
            Connection connection,
            String statement,
            int maxRows,
            Duration timeLimit,
            AtomicBoolean stopped,
            long started)
            throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(statement)) {
            ps.setMaxRows(maxRows + 1);
            ScheduledFuture<?> timer = TIMER.schedule(
                    () -> {
                        stopped.set(true);
                        cancel(ps);
                    },
                    timeLimit.toMillis(),
                    TimeUnit.MILLISECONDS);
            try (ResultSet rs = ps.executeQuery()) {
                List<Column> columns = columns(rs.getMetaData());
                List<Map<String, Object>> rows = ResultRows.of(rs, maxRows + 1);
                boolean truncated = rows.size() > maxRows;
                return new QueryResult(
                        columns,
                        truncated ? rows.subList(0, maxRows) : rows,
                        truncated,
                        Duration.ofNanos(System.nanoTime() - started).toMillis());
            } finally {
                timer.cancel(false);
            }
        }
    }

    /** The statement without surrounding blanks and its final semicolons; refused if empty. */
    static String statement(String sql) {
        String s = sql == null ? "" : sql.strip();
        while (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        if (s.isEmpty()) {
            throw new UnsupportedRead("sql", "give a query: one SELECT statement");
        }
        return s;
    }

    private static List<Column> columns(ResultSetMetaData meta) throws SQLException {
        List<Column> columns = new ArrayList<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            columns.add(new Column(meta.getColumnLabel(i), meta.getColumnTypeName(i)));
        }
        return columns;
    }

    private static void cancel(PreparedStatement ps) {
        try {
            ps.cancel();
        } catch (SQLException e) {
            // the statement ended meanwhile: nothing to stop
        }
    }

    /** The first line of an engine's message, which is the sentence; the rest is the engine's context. */
    public static String firstLine(String message) {
        if (message == null) {
            return "no reason given";
        }
        String m = message.strip();
        if (m.startsWith("ERROR: ")) {
            m = m.substring("ERROR: ".length()); // PostgreSQL's severity, which says nothing here
        }
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl).strip();
    }
}
