package io.sluice.lake.bitemporal;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Repeated writes to one bi-temporal table on one connection (see {@link BitemporalMerge} for what a write does).
 * It keeps its prepared statements and the table's temp tables between writes, which makes small writes several
 * milliseconds cheaper; {@link #close()} releases both. Not thread-safe, like the connection; at most one open
 * session per table and connection, and the table must not be dropped while the session is open.
 */
public final class BitemporalSession implements AutoCloseable {

    private final Connection connection;
    private final BitemporalTable table;
    private final InstantSource clock;
    private final TempTables temps;
    private final StagingSql staging;
    private final KnowledgeSql knowledge;
    private final VersionSql versions;
    private final Statements db;
    /** Whether the tables were created outside any transaction, so that no rollback can take them away. */
    private boolean tablesCommitted;

    BitemporalSession(Connection connection, BitemporalTable table, InstantSource clock) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.table = Objects.requireNonNull(table, "table");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.temps = new TempTables(table);
        this.staging = new StagingSql(table, temps);
        this.knowledge = new KnowledgeSql(table, temps);
        this.versions = new VersionSql(table, temps);
        this.db = new Statements(connection);
    }

    public BitemporalTable table() {
        return table;
    }

    /** Writes at the clock's time (or just after the table's last system time, if that is later). */
    public WriteResult write(BatchSource batch, Replace replace) throws SQLException {
        return write(batch, replace, clock.instant());
    }

    /**
     * Writes one batch in one transaction: the connection's own if it is in auto-commit mode, else the caller's
     * (who then commits or rolls back). The system time is {@code requestedSystemTime} (truncated to microseconds)
     * if it is later than every system_from and system_to in the table, else the latest of those + 1 µs.
     */
    public WriteResult write(BatchSource batch, Replace replace, Instant requestedSystemTime) throws SQLException {
        Objects.requireNonNull(batch, "batch");
        Objects.requireNonNull(replace, "replace");
        Objects.requireNonNull(requestedSystemTime, "requestedSystemTime");
        boolean ownTransaction = connection.getAutoCommit();
        if (ownTransaction && !tablesCommitted) {
            db.execute(setUp()); // auto-committed: done once per session
            tablesCommitted = true;
        }
        if (ownTransaction) {
            connection.setAutoCommit(false);
        } else {
            db.execute(setUp()); // inside the caller's transaction, which may still be rolled back
        }
        try {
            WriteResult result = run(batch, replace, requestedSystemTime.truncatedTo(ChronoUnit.MICROS));
            db.updateAll(temps.clearTemps());
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
                rollbackQuietly(e);
            }
            throw e;
        } finally {
            if (ownTransaction) {
                connection.setAutoCommit(true);
            }
        }
    }

    /** Closes the prepared statements and drops the temp tables. */
    @Override
    public void close() throws SQLException {
        try {
            db.close();
        } finally {
            if (!connection.isClosed()) {
                db.execute(temps.dropTemps());
            }
        }
    }

    private List<String> setUp() {
        List<String> setUp = new ArrayList<>(knowledge.createTables());
        setUp.addAll(temps.createTemps());
        return setUp;
    }

    private WriteResult run(BatchSource batch, Replace replace, Instant requested) throws SQLException {
        stage(batch);
        List<Object> validation = db.row(staging.validation());
        long rowsIn = ((Number) validation.get(0)).longValue();
        for (Object rejection : validation.subList(1, 3)) {
            if (rejection != null) {
                return WriteResult.rejected(rowsIn, rejection.toString());
            }
        }

        List<String> apply = new ArrayList<>();
        if (table.completeMode()) {
            db.update(knowledge.batchFilings());
            if (db.update(knowledge.filingDiff(replace)) > 0) {
                apply.addAll(knowledge.applyFilingDiff());
            }
        }
        if (db.update(knowledge.assertionDiff(replace)) > 0) {
            apply.addAll(knowledge.applyAssertionDiff());
        }
        if (apply.isEmpty()) {
            return WriteResult.unchanged(rowsIn); // same knowledge, so the same timeline
        }
        db.updateAll(apply);

        if (db.update(versions.delta()) == 0) {
            return WriteResult.unchanged(rowsIn); // new knowledge, same versions (e.g. a filing that coalesces)
        }
        String at = requested.toString();
        List<Object> pending = db.row(versions.pending(), at, at, at);
        long closing = ((Number) pending.get(0)).longValue();
        long opening = ((Number) pending.get(1)).longValue();
        if (((Number) pending.get(2)).longValue() > 0) {
            db.update(versions.valuesFromTable());
            if (((Number) db.row(versions.versionsWithoutValues()).get(0)).longValue() > 0) {
                throw new IllegalStateException("table " + table.name() + ": the knowledge base holds a value_hash "
                        + "that neither the batch nor any version carries; the companion tables are inconsistent");
            }
        }
        Instant systemTime = Instant.EPOCH.plus(((Number) pending.get(3)).longValue(), ChronoUnit.MICROS);
        String t = systemTime.toString();
        long closed = closing == 0 ? 0 : db.update(versions.closeVersions(), t);
        long opened = opening == 0 ? 0 : db.update(versions.openVersions(), t);
        if (closed != closing || opened != opening) {
            throw new IllegalStateException("table " + table.name() + ": expected to close " + closing + " and open "
                    + opening + " versions, but closed " + closed + " and opened " + opened);
        }
        return WriteResult.written(rowsIn, opened, closed, systemTime);
    }

    private void stage(BatchSource batch) throws SQLException {
        if (batch instanceof Batch rows) {
            BatchLoader.checkColumns(table.rowColumns(), rows.rows(), "row");
            BatchLoader.checkColumns(table.markerColumns(), rows.markers(), "filing marker");
            // DuckDB's JDBC driver begins a transaction at the first statement, and an appender used before that
            // commits on its own: this statement both begins the write's transaction and drops any leftovers.
            db.updateAll(temps.clearInputs());
            BatchLoader.append(connection, temps.inRows, table.rowColumns(), rows.rows());
            db.update(staging.stageRows("SELECT * FROM " + temps.inRows));
            if (!rows.markers().isEmpty()) {
                BatchLoader.append(connection, temps.inMarkers, table.markerColumns(), rows.markers());
                db.update(staging.insertMarkers("SELECT * FROM " + temps.inMarkers));
            }
        } else if (batch instanceof SourceQuery query) {
            db.update(staging.stageRows(query.rows()));
            Optional<String> markers = query.markers();
            if (markers.isPresent()) {
                db.update(staging.insertMarkers(markers.get()));
            }
        }
    }

    private void rollbackQuietly(Exception cause) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }
}
