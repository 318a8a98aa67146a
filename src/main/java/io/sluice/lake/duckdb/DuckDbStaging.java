package io.sluice.lake.duckdb;

import io.sluice.lake.Publication;
import io.sluice.lake.PublishRecords;
import io.sluice.lake.Sql;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Write, audit, publish for one materialization of a managed table: rows are staged in a table of their
 * own; publishing them is the {@link DuckDbPublisher}'s (apply with the table's writer, check, commit or roll back).
 * The rows' staging table comes from the lake's {@link StagingPool} when one with the same columns is free, and
 * returns to it emptied when the staging closes after a small publish.
 */
final class DuckDbStaging implements Staging {

    static final String PREFIX = "__stage_";
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    /** Stages: the run's lake, whose work a cancel of the run interrupts. */
    private final Sessions lake;
    /** Dropping or emptying staging tables: never interrupted. */
    private final Sessions upkeep;

    private final TableSpec table;
    private final String runId;
    private final TableWriter writer;
    private final DuckDbPublisher publisher;
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

    DuckDbStaging(
            Sessions lake,
            Sessions upkeep,
            StagingPool pool,
            TableSpec table,
            String runId,
            Optional<String> partition,
            InstantSource clock,
            Duration retention) {
        this.pool = pool;
        this.lake = lake;
        this.upkeep = upkeep;
        this.table = table;
        this.runId = runId;
        this.writer = TableWriter.of(table.mode(), clock);
        this.publisher = new DuckDbPublisher(lake, upkeep, table, writer, runId, partition, clock, retention);
        String run = runId.replaceAll("[^A-Za-z0-9]", "");
        this.tablePrefix = PREFIX + table.name() + "_" + run.substring(0, Math.min(8, run.length())) + "_";
        this.markers = newTableName() + "_markers";
    }

    /** A staging table name no other staging uses. */
    private String newTableName() {
        return tablePrefix + SEQUENCE.incrementAndGet();
    }

    @Override
    public long rows(Sql select) {
        open();
        long staged = hasRows ? stage(rows, true, select) : stageFirstRows(select);
        hasRows = true;
        stagedRows += staged;
        return staged;
    }

    /**
     * Stages the first rows: into a free staging table of the pool if its columns are the query's (no DDL), else into
     * a new one (a pooled table of other columns is dropped; a query whose table must not be reused leaves the pool
     * alone).
     */
    private long stageFirstRows(Sql select) {
        dropFailedRows();
        List<DuckDbSession.ResultColumn> columns = lake.readSession(db -> db.resultColumns(select));
        boolean reusable = StagingPool.reusable(columns, select.text());
        Optional<StagingPool.Stage> free = reusable ? pool.take(table.name()) : Optional.empty();
        boolean same = free.isPresent() && free.get().columns().equals(columns);
        String target = free.map(StagingPool.Stage::name).orElseGet(this::newTableName);
        rows = target;
        long staged = lake.writeSession(target, session -> {
            if (same) {
                return session.execute(select.wrap("INSERT INTO " + target + " BY NAME ", ""));
            }
            if (free.isPresent()) {
                session.execute("DROP TABLE IF EXISTS " + target);
            }
            return session.execute(select.wrap("CREATE TABLE " + target + " AS ", ""));
        });
        poolable = reusable ? columns : null;
        return staged;
    }

    @Override
    public long markers(Sql select) {
        open();
        if (!writer.takesMarkers()) {
            throw new IllegalStateException("filing markers are only for BITEMPORAL_MERGE tables; " + table.name()
                    + " is " + table.mode().label());
        }
        long staged = stage(markers, hasMarkers, select);
        hasMarkers = true;
        return staged;
    }

    private long stage(String target, boolean exists, Sql select) {
        return lake.writeSession(
                target,
                session -> session.execute(
                        exists
                                ? select.wrap("INSERT INTO " + target + " BY NAME ", "")
                                : select.wrap("CREATE TABLE " + target + " AS ", "")));
    }

    @Override
    public Publication publish(boolean complete, String watermark, PublishRecords records) {
        open();
        if (!hasRows && !hasMarkers) {
            // nothing to write: the table stays as it is, and so does its row count (what its last write recorded)
            return new Publication(true, null, 0, 0, 0, null, currentRows(), List.of());
        }
        dropFailedRows();
        boolean createRows = !hasRows;
        if (createRows) {
            rows = newTableName();
            poolable = null; // its columns are the table's, not a query's
        }
        return publisher.publish(rows, createRows, hasMarkers ? markers : null, complete, watermark);
    }

    /** The table's current rows as its last write (or rollback) left them: 0 before its first. */
    private long currentRows() {
        return lake.readSession(db -> db.tableExists(WriteLog.TABLE)
                ? WriteLog.previousCurrentRows(db, table.name(), Optional.empty())
                        .orElse(0L)
                : 0L);
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
            upkeep.writeSession(rows, session -> session.execute("DROP TABLE IF EXISTS " + rows));
        }
        if (hasMarkers) {
            upkeep.writeSession(markers, session -> session.execute("DROP TABLE IF EXISTS " + markers));
        }
    }

    /** Drops the table of a first staging of rows that failed (it holds no rows and is no one else's), if any. */
    private void dropFailedRows() {
        if (rows != null && !hasRows) {
            String failed = rows;
            rows = null;
            upkeep.writeSession(failed, session -> session.execute("DROP TABLE IF EXISTS " + failed));
        }
    }

    private void open() {
        if (closed) {
            throw new IllegalStateException("the staging of " + table.name() + " for run " + runId + " is closed");
        }
    }

    private boolean returnToPool() {
        try {
            upkeep.writeSession(rows, session -> session.execute("DELETE FROM " + rows));
        } catch (RuntimeException e) {
            return false; // dropped instead
        }
        return pool.give(table.name(), new StagingPool.Stage(rows, poolable));
    }
}
