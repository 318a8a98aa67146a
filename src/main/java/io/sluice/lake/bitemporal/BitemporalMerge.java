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
 * The bi-temporal merge writer (BITEMPORAL.md): one write is one batch, one transaction and at most one system
 * time. Everything runs as set-based SQL on the given DuckDB connection:
 * <ol>
 *   <li>stage the batch in temp tables and validate it (NULL key, date or marker scope; conflicting duplicates):
 *       a rejected batch writes nothing, companion tables included;</li>
 *   <li>update the knowledge base ({@code t__assertions}, {@code t__filings}) as {@link Replace} says, writing only
 *       what differs;</li>
 *   <li>recompute the timelines of the scopes whose knowledge changed, compare them with their current versions by
 *       (key, valid_from, valid_to, value_hash), close the removed versions and insert the new ones at one system time
 *       T. A write that changes no version creates no system instant.</li>
 * </ol>
 * If the connection is in auto-commit mode the writer runs its own transaction; otherwise it joins the caller's
 * (and the caller commits or rolls back).
 */
public final class BitemporalMerge {

    private final InstantSource clock;

    public BitemporalMerge(InstantSource clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public BitemporalMerge() {
        this(InstantSource.system());
    }

    /** Writes at the clock's time (or just after the table's last system time, if that is later). */
    public WriteResult write(Connection connection, BitemporalTable table, BatchSource batch, Replace replace)
            throws SQLException {
        return write(connection, table, batch, replace, clock.instant());
    }

    /**
     * Writes one batch. The system time is {@code requestedSystemTime} (truncated to microseconds) if it is later
     * than every system_from and system_to in the table, else the latest of those + 1 µs.
     */
    public WriteResult write(Connection connection, BitemporalTable table, BatchSource batch, Replace replace,
                             Instant requestedSystemTime) throws SQLException {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(batch, "batch");
        Objects.requireNonNull(replace, "replace");
        Objects.requireNonNull(requestedSystemTime, "requestedSystemTime");
        boolean ownTransaction = connection.getAutoCommit();
        if (ownTransaction) {
            connection.setAutoCommit(false);
        }
        MergeSql sql = new MergeSql(table);
        Statements statements = new Statements(connection);
        try {
            WriteResult result = run(connection, statements, sql, table, batch, replace,
                    requestedSystemTime.truncatedTo(ChronoUnit.MICROS));
            if (ownTransaction) {
                if (result.isRejected()) {
                    connection.rollback();
                } else {
                    connection.commit();
                }
            }
            dropTemps(statements, sql);
            return result;
        } catch (SQLException | RuntimeException e) {
            if (ownTransaction) {
                rollbackQuietly(connection, e);
            }
            throw e;
        } finally {
            if (ownTransaction) {
                connection.setAutoCommit(true);
            }
        }
    }

    /** Creates the version table and its companion tables if they do not exist. */
    public void createTables(Connection connection, BitemporalTable table) throws SQLException {
        new Statements(connection).execute(new MergeSql(table).createTables());
    }

    private WriteResult run(Connection connection, Statements db, MergeSql sql, BitemporalTable table,
                            BatchSource batch, Replace replace, Instant requested) throws SQLException {
        db.execute(sql.setUp());
        stage(connection, db, sql, batch);
        List<Object> validation = db.row(sql.validation());
        long rowsIn = ((Number) validation.get(0)).longValue();
        for (Object rejection : validation.subList(1, 3)) {
            if (rejection != null) {
                return WriteResult.rejected(rowsIn, rejection.toString());
            }
        }

        List<String> apply = new ArrayList<>();
        if (table.completeMode()) {
            db.update(sql.batchFilings());
            if (db.update(sql.filingDiff(replace)) > 0) {
                apply.addAll(sql.applyFilingDiff());
            }
        }
        if (db.update(sql.assertionDiff(replace)) > 0) {
            apply.addAll(sql.applyAssertionDiff());
        }
        if (apply.isEmpty()) {
            return WriteResult.unchanged(rowsIn); // same knowledge, so the same timeline
        }
        db.execute(apply);

        if (db.update(sql.delta()) == 0) {
            return WriteResult.unchanged(rowsIn); // new knowledge, same versions (e.g. a filing that coalesces)
        }
        List<Object> pending = db.row(sql.pending(), requested.toString(), requested.toString(), requested.toString());
        long closing = ((Number) pending.get(0)).longValue();
        long opening = ((Number) pending.get(1)).longValue();
        if (((Number) pending.get(2)).longValue() > 0) {
            db.update(sql.valuesFromTable());
            if (((Number) db.row(sql.versionsWithoutValues()).get(0)).longValue() > 0) {
                throw new IllegalStateException("table " + table.name() + ": the knowledge base holds a value_hash "
                        + "that neither the batch nor any version carries; the companion tables are inconsistent");
            }
        }
        Instant systemTime = micros(((Number) pending.get(3)).longValue());
        String at = systemTime.toString();
        long closed = closing == 0 ? 0 : db.update(sql.closeVersions(), at);
        long opened = opening == 0 ? 0 : db.update(sql.openVersions(), at);
        if (closed != closing || opened != opening) {
            throw new IllegalStateException("table " + table.name() + ": expected to close " + closing + " and open "
                    + opening + " versions, but closed " + closed + " and opened " + opened);
        }
        return WriteResult.written(rowsIn, opened, closed, systemTime);
    }

    private static void stage(Connection connection, Statements db, MergeSql sql, BatchSource batch)
            throws SQLException {
        if (batch instanceof Batch rows) {
            BatchLoader.checkColumns(sql.rowColumns(), rows.rows(), "row");
            BatchLoader.checkColumns(sql.markerColumns(), rows.markers(), "filing marker");
            db.execute(sql.createInputs());
            BatchLoader.append(connection, MergeSql.IN_ROWS, sql.rowColumns(), rows.rows());
            db.update(sql.stageRows("SELECT * FROM " + MergeSql.IN_ROWS));
            if (!rows.markers().isEmpty()) {
                BatchLoader.append(connection, MergeSql.IN_MARKERS, sql.markerColumns(), rows.markers());
                db.update(sql.insertMarkers("SELECT * FROM " + MergeSql.IN_MARKERS));
            }
        } else if (batch instanceof SourceQuery query) {
            db.update(sql.stageRows(query.rows()));
            if (query.markers().isPresent()) {
                db.update(sql.insertMarkers(query.markers().get()));
            }
        }
    }

    private static Instant micros(long epochMicros) {
        return Instant.EPOCH.plus(epochMicros, ChronoUnit.MICROS);
    }

    private static void dropTemps(Statements db, MergeSql sql) throws SQLException {
        db.execute(sql.dropTemps());
    }

    private static void rollbackQuietly(Connection connection, Exception cause) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }
}
