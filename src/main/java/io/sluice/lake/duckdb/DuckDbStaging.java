package io.sluice.lake.duckdb;

import io.sluice.lake.AssetCheck;
import io.sluice.lake.CheckResult;
import io.sluice.lake.Lake;
import io.sluice.lake.Publication;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.duckdb.WriteOutcome;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Write, audit, publish for one materialization of a managed table: rows are staged in a table of their
 * own; publishing applies them with the table's write mode, runs the blocking checks on the result and
 * commits only if they pass, all in one transaction. A failed check or a rejected batch rolls back, so
 * the table stays exactly as it was. The rows' staging table comes from the lake's {@link StagingPool} when
 * one with the same columns is free, and returns to it emptied when the staging closes after a small publish.
 */
final class DuckDbStaging implements Staging {

    static final String PREFIX = "__stage_";
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    /** Stages and publishes: the run's lake, whose work a cancel of the run interrupts. */
    private final Lake lake;
    /** The rest (the warning checks after a commit, dropping or emptying staging tables): never interrupted. */
    private final Lake upkeep;
    private final TableSpec table;
    private final String runId;
    private final Optional<String> partition;
    private final InstantSource clock;
    private final StagingPool pool;
    /** The rows' staging table, once rows are staged (or a publish without rows needed one). */
    private String rows;
    /** Its columns if it may go back to the pool when the staging closes, else null. */
    private List<DuckDbSession.ResultColumn> poolable;
    private long stagedRows;
    private final String tablePrefix;
    private final String markers;
    private boolean hasRows;
    private boolean hasMarkers;
    private boolean closed;

    private final java.time.Duration retention;

    DuckDbStaging(Lake lake, Lake upkeep, StagingPool pool, TableSpec table, String runId, Optional<String> partition, InstantSource clock,
                  java.time.Duration retention) {
        this.pool = pool;
        this.retention = retention;
        this.lake = lake;
        this.upkeep = upkeep;
        this.table = table;
        this.runId = runId;
        this.partition = partition;
        this.clock = clock;
        String run = runId.replaceAll("[^A-Za-z0-9]", "");
        this.tablePrefix = PREFIX + table.name() + "_" + run.substring(0, Math.min(8, run.length())) + "_";
        this.markers = newTableName() + "_markers";
    }

    /** A staging table name no other staging uses. */
    private String newTableName() {
        return tablePrefix + SEQUENCE.incrementAndGet();
    }

    @Override
    public long rows(String selectSql) {
        open();
        long staged = hasRows ? stage(rows, true, selectSql) : stageFirstRows(selectSql);
        hasRows = true;
        stagedRows += staged;
        return staged;
    }

    /**
     * Stages the first rows: into a free staging table of the pool if its columns are the query's (no DDL), else into
     * a new one (a pooled table of other columns is dropped; a query whose table must not be reused leaves the pool
     * alone).
     */
    private long stageFirstRows(String selectSql) {
        dropFailedRows();
        List<DuckDbSession.ResultColumn> columns = lake.read(session -> ((DuckDbSession) session).resultColumns(selectSql));
        boolean reusable = StagingPool.reusable(columns, selectSql);
        Optional<StagingPool.Stage> free = reusable ? pool.take(table.name()) : Optional.empty();
        boolean same = free.isPresent() && free.get().columns().equals(columns);
        String target = free.map(StagingPool.Stage::name).orElseGet(this::newTableName);
        rows = target;
        long staged = lake.write(target, session -> {
            if (same) {
                return session.execute("INSERT INTO " + target + " BY NAME " + selectSql);
            }
            if (free.isPresent()) {
                session.execute("DROP TABLE IF EXISTS " + target);
            }
            return session.execute("CREATE TABLE " + target + " AS " + selectSql);
        });
        poolable = reusable ? columns : null;
        return staged;
    }

    @Override
    public long markers(String selectSql) {
        open();
        if (!(table.mode() instanceof io.sluice.lake.WriteMode.Bitemporal)) {
            throw new IllegalStateException("filing markers are only for BITEMPORAL_MERGE tables; " + table.name() + " is "
                    + table.mode().label());
        }
        long staged = stage(markers, hasMarkers, selectSql);
        hasMarkers = true;
        return staged;
    }

    private long stage(String target, boolean exists, String selectSql) {
        return lake.write(target, session -> ((DuckDbSession) session).execute(exists
                ? "INSERT INTO " + target + " BY NAME " + selectSql
                : "CREATE TABLE " + target + " AS " + selectSql));
    }

    /**
     * No rows, with the columns a bi-temporal write reads (only such writes have markers, so only they publish without
     * rows): the key and value columns typed as in the table, or before its first write as in the markers (the scope
     * columns; others VARCHAR), and the date column.
     */
    private String noRows(DuckDbSession db) {
        io.sluice.lake.WriteMode.Bitemporal mode = (io.sluice.lake.WriteMode.Bitemporal) table.mode();
        java.util.Map<String, String> types = db.tableExists(table.name()) ? db.columnTypes(table.name()) : db.columnTypes(markers);
        List<String> columns = new ArrayList<>();
        List<String> stored = new ArrayList<>(mode.keyColumns());
        stored.addAll(mode.valueColumns());
        for (String column : stored) {
            String type = types.getOrDefault(column, "VARCHAR");
            columns.add("CAST(NULL AS " + (type.contains("\"") ? "VARCHAR" : type) + ") AS " + column);
        }
        columns.add("CAST(NULL AS DATE) AS " + mode.dateColumn());
        return "SELECT " + String.join(", ", columns) + " LIMIT 0";
    }

    /** Thrown inside the publishing transaction to roll it back while keeping what happened. */
    private static final class NotPublished extends RuntimeException {
        final transient Publication publication;

        NotPublished(Publication publication) {
            super(publication.rejection(), null, false, false);
            this.publication = publication;
        }
    }

    @Override
    public Publication publish(boolean complete, String watermark) {
        open();
        if (!hasRows && !hasMarkers) {
            return new Publication(true, null, 0, 0, 0, null, 0, List.of());
        }
        TableWriter writer = TableWriter.of(table.mode(), clock);
        dropFailedRows();
        try {
            lake.write(table.name(), session -> {
                DuckDbSession db = (DuckDbSession) session;
                if (!hasRows) {
                    rows = newTableName();
                    poolable = null; // its columns are the table's, not a query's
                    db.execute("CREATE TABLE " + rows + " AS " + noRows(db));
                }
                writer.prepare(db, table.name(), rows);
                return null;
            });
        } catch (StagedRowsRejected e) {
            return new Publication(false, "batch rejected: " + e.getMessage(), 0, 0, 0, null, 0, List.of());
        }
        Committed committed;
        try {
            committed = lake.write(table.name(), session -> publishInTransaction((DuckDbSession) session, writer, complete, watermark));
        } catch (NotPublished e) {
            return e.publication;
        }
        FaultPoint.afterLakeCommit(table.name(), runId);
        Publication published = committed.publication();
        List<CheckResult> warnings = upkeep.read(session -> CheckRunner.run((DuckDbSession) session, table, AssetCheck.Severity.WARN,
                committed.previousRows()));
        if (warnings.isEmpty()) {
            return published;
        }
        List<CheckResult> all = new ArrayList<>(published.checks());
        all.addAll(warnings);
        return new Publication(true, null, published.rowsIn(), published.rowsInserted(), published.rowsRemoved(),
                published.systemTime(), published.currentRows(), all);
    }

    /** A committed publication and the row count of the write before it (for the warning checks). */
    private record Committed(Publication publication, Optional<Long> previousRows) {
    }

    private Committed publishInTransaction(DuckDbSession db, TableWriter writer, boolean complete, String watermark) {
        String markerTable = hasMarkers ? markers : null;
        Optional<Long> previous = WriteLog.previousCurrentRows(db, table.name(), partition);
        WriteOutcome outcome;
        try {
            outcome = writer.write(db, table.name(), rows, markerTable, partition, complete);
        } catch (StagedRowsRejected e) {
            outcome = WriteOutcome.rejected(db.queryLong("SELECT count(*) FROM " + rows), e.getMessage());
        }
        if (outcome.isRejected()) {
            throw new NotPublished(new Publication(false, "batch rejected: " + outcome.rejection(), outcome.rowsIn(), 0, 0, null, 0,
                    List.of()));
        }
        List<CheckResult> checks = CheckRunner.run(db, table, AssetCheck.Severity.ERROR, previous);
        long current = db.queryLong("SELECT count(*) FROM " + io.sluice.lake.duckdb.CheckQueries.believedRows(table.name(), table.mode()) + " c");
        List<String> failed = checks.stream().filter(CheckResult::blocksPublish).map(CheckResult::name).toList();
        if (!failed.isEmpty()) {
            throw new NotPublished(new Publication(false, "blocking checks failed: " + String.join(", ", failed), outcome.rowsIn(),
                    outcome.rowsInserted(), outcome.rowsRemoved(), null, current, checks));
        }
        long writeId = WriteLog.record(db, table.name(), table.mode().label(), runId, partition, clock.instant(), outcome.systemTime(),
                outcome.rowsIn(), outcome.rowsInserted(), outcome.rowsRemoved(), current, watermark);
        writer.keep(db, table.name(), rows, writeId, partition, outcome);
        WriteEffects.opened(db, table.name(), writeId, partition);
        Snapshots.expire(db, clock.instant(), retention);
        writer.expire(db, table.name(), clock.instant().minus(retention));
        return new Committed(new Publication(true, null, outcome.rowsIn(), outcome.rowsInserted(), outcome.rowsRemoved(),
                outcome.systemTime(), current, checks), previous);
    }

    /**
     * Drops the staged rows: a staging table of a small publish goes back to the pool emptied, any other is dropped.
     */
    @Override
    public void close() {
        if (closed) {
            return; // a second close must not hand the table, perhaps another staging's by now, to the pool again
        }
        closed = true;
        if (rows != null && !(hasRows && poolable != null && stagedRows <= StagingPool.MAX_ROWS && returnToPool())) {
            upkeep.write(rows, session -> session.execute("DROP TABLE IF EXISTS " + rows));
        }
        if (hasMarkers) {
            upkeep.write(markers, session -> session.execute("DROP TABLE IF EXISTS " + markers));
        }
    }

    /** Drops the table of a first staging of rows that failed (it holds no rows and is no one else's), if any. */
    private void dropFailedRows() {
        if (rows != null && !hasRows) {
            String failed = rows;
            rows = null;
            upkeep.write(failed, session -> session.execute("DROP TABLE IF EXISTS " + failed));
        }
    }

    private void open() {
        if (closed) {
            throw new IllegalStateException("the staging of " + table.name() + " for run " + runId + " is closed");
        }
    }

    private boolean returnToPool() {
        try {
            upkeep.write(rows, session -> session.execute("DELETE FROM " + rows));
        } catch (RuntimeException e) {
            return false; // dropped instead
        }
        return pool.give(table.name(), new StagingPool.Stage(rows, poolable));
    }
}
