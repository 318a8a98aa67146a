package io.sluice.lake.postgres.bitemporal;

import io.sluice.lake.BusinessDates;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The bi-temporal merge of docs/bitemporal.md on PostgreSQL (14 and later), with the DuckDB engine's semantics and
 * results: the same versions, companion rows and system times for the same writes, the same {@link WriteResult}, the
 * same words for a rejection. It works on a plain JDBC connection, in the caller's transaction when auto-commit is off
 * (the caller commits or rolls back), else in a transaction of its own. Set-based SQL only; system times are bound, and
 * every name in a statement is an identifier checked by {@link BitemporalTable} (or here, for the schema and the staged
 * tables) and quoted.
 *
 * <p>A write reads the batch from tables the caller staged: the rows (columns named like the table's key, value and date
 * columns, of any type that casts to theirs; more columns are ignored) and, optionally, the filing markers (scope and
 * date columns). Its steps: type, hash and group the rows into a temp table, and reject the batch if a key or date is
 * NULL (or does not read as its type), a marker has a NULL scope or date, or one key and date has two values; change the
 * knowledge base ({@code t__assertions}, {@code t__filings}) as {@link Replace} says, closing and opening only the rows
 * that differ; recompute the timelines of the scopes whose knowledge changed and close and open the versions that
 * differ, at one system time. A rejected batch writes nothing outside the write's temp tables. A first load (a bulk
 * write into tables that hold no row) writes without the tables' indexes and builds them again before it ends.
 *
 * <pre>{@code
 * PostgresBitemporalMerge merge = new PostgresBitemporalMerge();
 * WriteResult r = merge.write(connection, "lake", owners, "staging.owners_rows", Optional.of("staging.owners_marks"),
 *         Replace.SCOPES, clock.instant());
 * BoundQuery q = BitemporalQueries.asOf("lake", owners, LocalDate.of(2021, 6, 30), r.systemTime().orElse(null));
 * }</pre>
 *
 * Writes of one table are serialized by a transaction-scoped advisory lock on its name, so writes from several
 * connections or nodes take turns. A rollback makes the knowledge believed at an earlier system time current again, as
 * a new write ({@link #rollback}); re-clustering is not needed (a scope's rows are found by index).
 */
public final class PostgresBitemporalMerge {

    /** The staged rows from which a write into empty tables is a first load ({@link #BULK_ROWS}, or a test's). */
    private final long firstLoadRows;

    public PostgresBitemporalMerge() {
        this(BULK_ROWS);
    }

    /** A merge whose writes of {@code firstLoadRows} staged rows or more into empty tables are first loads. */
    PostgresBitemporalMerge(long firstLoadRows) {
        this.firstLoadRows = firstLoadRows;
    }

    /**
     * Creates the version table and its companion tables in {@code schema}, with their indexes, if they do not exist.
     * A write creates them too; call this to create them ahead of it, in a transaction of the caller's choice.
     */
    public void createTables(Connection connection, String schema, BitemporalTable table) throws SQLException {
        PgMergeSql sql = new PgMergeSql(schema, table);
        execute(connection, sql.createTables());
    }

    /**
     * Writes the staged batch into {@code table} in {@code schema}.
     *
     * @param stagedRows    the table holding the batch's rows ({@code name} or {@code schema.name})
     * @param stagedMarkers the table holding its filing markers, if any
     * @param replace       which known filings the batch replaces
     * @param requestedSystemTime the write's system time, truncated to microseconds, if it is later than every system
     *     time in the table and its companion tables; else the latest of those + 1 µs
     */
    public WriteResult write(
            Connection connection,
            String schema,
            BitemporalTable table,
            String stagedRows,
            Optional<String> stagedMarkers,
            Replace replace,
            Instant requestedSystemTime)
            throws SQLException {
        Objects.requireNonNull(replace, "replace");
        Objects.requireNonNull(stagedMarkers, "stagedMarkers");
        Instant requested = requestedSystemTime.truncatedTo(ChronoUnit.MICROS);
        PgMergeSql sql = new PgMergeSql(schema, table);
        String rows = PgMergeSql.relation(stagedRows);
        Optional<String> markers = stagedMarkers.map(PgMergeSql::relation);
        boolean ownTransaction = connection.getAutoCommit();
        if (ownTransaction) {
            // as the DuckDB engine does: the tables exist after a write, even a rejected one
            Write probe = new Write(connection, sql, firstLoadRows);
            if (!(Boolean) probe.row(sql.tableExists()).get(0)) {
                execute(connection, sql.createTables());
            }
            connection.setAutoCommit(false);
        }
        try {
            WriteResult result = new Write(connection, sql, firstLoadRows).run(rows, markers, replace, requested);
            if (ownTransaction) {
                if (result.isRejected()) {
                    connection.rollback();
                } else {
                    connection.commit();
                }
            }
            return result;
        } catch (SQLException | RuntimeException e) {
            if (ownTransaction) {
                try {
                    connection.rollback();
                } catch (SQLException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        } finally {
            if (ownTransaction) {
                connection.setAutoCommit(true);
            }
        }
    }

    /**
     * Makes the knowledge believed at system time {@code asOf} (null: before any) current again, for the filings and
     * assertions whose date lies in {@code [from, until)} when {@code dates} are given (else all), and recomputes the
     * timelines of the scopes whose knowledge changes, as a write at one new system time (chosen as a write's): versions
     * that differ are closed and new ones opened; nothing is deleted. In the caller's transaction (auto-commit off).
     *
     */
    public WriteResult rollback(
            Connection connection,
            String schema,
            BitemporalTable table,
            Instant asOf,
            Optional<BusinessDates> dates,
            Instant requestedSystemTime)
            throws SQLException {
        if (connection.getAutoCommit()) {
            throw new IllegalStateException("a bi-temporal rollback runs in the caller's transaction");
        }
        PgMergeSql sql = new PgMergeSql(schema, table);
        Write write = new Write(connection, sql, Long.MAX_VALUE);
        write.row(PgMergeSql.lock(), sql.lockName());
        if (!(Boolean) write.row(sql.tableExists()).get(0)) {
            return WriteResult.unchanged(0);
        }
        execute(connection, sql.temps());
        String at =
                asOf == null ? "-infinity" : asOf.truncatedTo(ChronoUnit.MICROS).toString();
        long micros = ((Number) write.row(
                                sql.systemTime(),
                                requestedSystemTime
                                        .truncatedTo(ChronoUnit.MICROS)
                                        .toString())
                        .get(0))
                .longValue();
        Instant systemTime = Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
        String t = systemTime.toString();
        int companions = table.completeMode() ? 2 : 1;
        List<String> parameters = new ArrayList<>();
        dates.ifPresent(d -> {
            parameters.add(d.from().toString());
            parameters.add(d.until().toString());
        });
        for (int i = 0; i < companions; i++) {
            parameters.add(at);
            parameters.add(at);
        }
        for (int i = 0; i < companions; i++) {
            parameters.add(t);
            parameters.add(t);
        }
        if (write.update(sql.rollbackKnowledge(dates.isPresent()), parameters.toArray(String[]::new)) == 0) {
            return WriteResult.unchanged(0);
        }
        execute(connection, List.of(sql.analyzeScopes()));
        return write.applyVersions(0, systemTime, false, false);
    }

    /**
     * The staged rows from which a write is a bulk write, after which the tables it changed are analyzed (a few hundred
     * milliseconds), so that the statements after it, its own and the next writes', are planned with their sizes.
     */
    static final long BULK_ROWS = 50_000;

    /** One write's statements on its connection. */
    private record Write(Connection connection, PgMergeSql sql, long firstLoadRows) {

        WriteResult run(String rows, Optional<String> markers, Replace replace, Instant requested) throws SQLException {
            row(PgMergeSql.lock(), sql.lockName());
            if (!(Boolean) row(sql.tableExists()).get(0)) {
                execute(connection, sql.createTables());
            }
            execute(connection, sql.temps());
            Optional<String> unreadable = stage(rows, markers);
            if (unreadable.isPresent()) {
                return WriteResult.rejected(
                        ((Number) row(PgMergeSql.count(rows)).get(0)).longValue(), unreadable.get());
            }
            List<Object> validation = row(sql.validation(), times(requested.toString(), sql.systemTimeParameters()));
            long rowsIn = ((Number) validation.get(0)).longValue();
            Optional<String> problem = Optional.ofNullable((String) validation.get(1))
                    .or(() -> Optional.ofNullable((String) validation.get(2)))
                    .or(() -> Optional.ofNullable((String) validation.get(3)));
            if (problem.isPresent()) {
                return WriteResult.rejected(rowsIn, problem.get());
            }
            Instant systemTime = Instant.EPOCH.plus(((Number) validation.get(4)).longValue(), ChronoUnit.MICROS);
            String t = systemTime.toString();
            if (rowsIn >= firstLoadRows && (Boolean) row(sql.isEmpty()).get(0)) {
                return firstLoad(rowsIn, replace, systemTime);
            }
            if (update(sql.changeKnowledge(replace, false), times(t, sql.knowledgeParameters(false))) == 0) {
                return WriteResult.unchanged(rowsIn);
            }
            boolean bulk = rowsIn >= BULK_ROWS;
            execute(
                    connection,
                    bulk ? List.of(sql.analyzeScopes(), sql.analyzeKnowledge()) : List.of(sql.analyzeScopes()));
            return applyVersions(rowsIn, systemTime, bulk, false);
        }

        /**
         * A bulk write into empty tables (not even closed rows): drops their indexes, writes the knowledge and the
         * versions without them (and without comparing the batch with the empty knowledge), then builds the indexes
         * again and analyzes the tables, all in the write's transaction. DDL is transactional in PostgreSQL: if the
         * write fails, the empty tables have their indexes again (the savepoint), as after a rollback of the
         * transaction. {@code DROP INDEX} locks the tables ({@code ACCESS EXCLUSIVE}) until the transaction ends, so
         * their readers wait for the first load's commit (and the first load for the readers already reading).
         */
        private WriteResult firstLoad(long rowsIn, Replace replace, Instant systemTime) throws SQLException {
            String t = systemTime.toString();
            Savepoint before = connection.setSavepoint();
            try {
                execute(connection, sql.dropIndexes());
                WriteResult result;
                if (update(sql.changeKnowledge(replace, true), times(t, sql.knowledgeParameters(true))) == 0) {
                    result = WriteResult.unchanged(rowsIn);
                } else {
                    execute(connection, List.of(sql.analyzeScopes(), sql.analyzeKnowledge()));
                    result = applyVersions(rowsIn, systemTime, false, true);
                }
                List<String> rebuild = new ArrayList<>(sql.createIndexes());
                rebuild.add(sql.analyzeVersions());
                execute(connection, rebuild);
                connection.releaseSavepoint(before);
                return result;
            } catch (SQLException | RuntimeException e) {
                try {
                    connection.rollback(before);
                } catch (SQLException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw e;
            }
        }

        /** Recomputes the changed scopes' timelines and closes and opens the versions that differ, at the system time. */
        WriteResult applyVersions(long rowsIn, Instant systemTime, boolean bulk, boolean empty) throws SQLException {
            String t = systemTime.toString();
            if (update(sql.delta(empty)) == 0) {
                return WriteResult.knowledgeOnly(rowsIn, systemTime); // new knowledge, the same versions
            }
            List<Object> pending = row(sql.pending());
            long closing = ((Number) pending.get(0)).longValue();
            long opening = ((Number) pending.get(1)).longValue();
            if (((Number) pending.get(2)).longValue() > 0) {
                throw new IllegalStateException("the knowledge base holds a value_hash that neither the batch nor any "
                        + "version carries; the companion tables are inconsistent");
            }
            List<Object> applied = row(sql.applyDelta(), t, t);
            long closed = ((Number) applied.get(0)).longValue();
            long opened = ((Number) applied.get(1)).longValue();
            if (closed != closing || opened != opening) {
                throw new IllegalStateException("expected to close " + closing + " and open " + opening
                        + " versions, but closed " + closed + " and opened " + opened);
            }
            if (bulk) {
                execute(connection, List.of(sql.analyzeVersions()));
            }
            return WriteResult.written(rowsIn, opened, closed, systemTime);
        }

        /**
         * Stages the rows and markers; if a value does not read as its column's type, nothing is staged and the words
         * of the first such problem come back.
         */
        private Optional<String> stage(String rows, Optional<String> markers) throws SQLException {
            Savepoint before = connection.setSavepoint();
            try {
                update(sql.stageRows(rows));
                if (markers.isPresent()) {
                    update(sql.stageMarkers(markers.get()));
                }
                connection.releaseSavepoint(before);
                execute(connection, List.of(sql.analyzeRows()));
                return Optional.empty();
            } catch (SQLException e) {
                if (e.getSQLState() == null || !e.getSQLState().startsWith("22")) {
                    throw e; // not a data exception (class 22): not the batch's fault
                }
                connection.rollback(before);
                execute(connection, List.of(PgMergeSql.readableFunction()));
                Optional<String> rowProblem = Optional.ofNullable(
                        (String) row(sql.firstUnreadable(rows, false)).get(0));
                if (rowProblem.isPresent()) {
                    return rowProblem;
                }
                if (markers.isPresent()) {
                    Optional<String> markerProblem = Optional.ofNullable((String)
                            row(sql.firstUnreadable(markers.get(), true)).get(0));
                    if (markerProblem.isPresent()) {
                        return markerProblem;
                    }
                }
                throw e;
            }
        }

        private long update(String statement, String... parameters) throws SQLException {
            try (PreparedStatement s = prepare(statement, parameters)) {
                return s.executeLargeUpdate();
            }
        }

        /** The first row of a query (a list of NULLs as long as its columns if it has none). */
        private List<Object> row(String query, String... parameters) throws SQLException {
            try (PreparedStatement s = prepare(query, parameters);
                    ResultSet rs = s.executeQuery()) {
                int n = rs.getMetaData().getColumnCount();
                List<Object> row = new ArrayList<>(n);
                boolean found = rs.next();
                for (int i = 1; i <= n; i++) {
                    row.add(found ? rs.getObject(i) : null);
                }
                return row;
            }
        }

        private PreparedStatement prepare(String statement, String... parameters) throws SQLException {
            PreparedStatement s = connection.prepareStatement(statement);
            try {
                for (int i = 0; i < parameters.length; i++) {
                    s.setString(i + 1, parameters[i]);
                }
                return s;
            } catch (SQLException e) {
                s.close();
                throw e;
            }
        }
    }

    private static String[] times(String time, int count) {
        String[] parameters = new String[count];
        Arrays.fill(parameters, time);
        return parameters;
    }

    /** Runs statements without parameters, in one round trip. */
    private static void execute(Connection connection, List<String> statements) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(String.join(";\n", statements));
        }
    }
}
