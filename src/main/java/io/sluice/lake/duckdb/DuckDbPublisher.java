package io.sluice.lake.duckdb;

import io.sluice.lake.AssetCheck;
import io.sluice.lake.CheckResult;
import io.sluice.lake.Publication;
import io.sluice.lake.TableSpec;
import io.sluice.lake.engine.CheckQueries;
import io.sluice.lake.engine.CheckRunner;
import io.sluice.lake.engine.FaultPoint;
import io.sluice.lake.engine.Publishing;
import io.sluice.lake.engine.Publishing.NotPublished;
import io.sluice.lake.engine.StagedRowsRejected;
import io.sluice.lake.engine.WriteOutcome;
import io.sluice.lake.engine.rollback.LoggedWrite;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;

/**
 * Publishing what a {@link DuckDbStaging} staged: applies the staged rows with the table's writer, runs the blocking
 * checks on the result and commits only if they pass, all in one transaction, and records the write in the write log
 * with what a later rollback to it needs. A failed check or a rejected batch rolls back, so the table stays exactly as
 * it was. The warning checks run after the commit.
 */
final class DuckDbPublisher {

    /** Publishes: the run's lake, whose work a cancel of the run interrupts. */
    private final Sessions lake;
    /** The warning checks after a commit: never interrupted. */
    private final Sessions upkeep;

    private final TableSpec table;
    private final TableWriter writer;
    private final String runId;
    private final Optional<String> partition;
    private final InstantSource clock;
    private final Duration retention;

    DuckDbPublisher(
            Sessions lake,
            Sessions upkeep,
            TableSpec table,
            TableWriter writer,
            String runId,
            Optional<String> partition,
            InstantSource clock,
            Duration retention) {
        this.lake = lake;
        this.upkeep = upkeep;
        this.table = table;
        this.writer = writer;
        this.runId = runId;
        this.partition = partition;
        this.clock = clock;
        this.retention = retention;
    }

    /**
     * Publishes the staged {@code rows} (a staging table; created empty first, with the columns the writer reads, when
     * {@code createRows}) and the staged {@code markers} (a staging table, or null for none).
     */
    Publication publish(String rows, boolean createRows, String markers, boolean complete, String watermark) {
        try {
            lake.writeSession(table.name(), db -> {
                if (createRows) {
                    db.execute("CREATE TABLE " + rows + " AS " + writer.noRows(db, table.name(), markers));
                }
                writer.prepare(db, table.name(), rows);
                return null;
            });
        } catch (StagedRowsRejected e) {
            return new Publication(false, "batch rejected: " + e.getMessage(), 0, 0, 0, null, 0, List.of());
        }
        Committed committed;
        try {
            committed =
                    lake.writeSession(table.name(), db -> publishInTransaction(db, rows, markers, complete, watermark));
        } catch (NotPublished e) {
            return e.publication();
        }
        FaultPoint.afterLakeCommit(table.name(), runId);
        return Publishing.withWarnings(
                committed.publication(),
                upkeep.readSession(
                        db -> CheckRunner.run(db, table, AssetCheck.Severity.WARN, committed.previousRows())));
    }

    /** A committed publication and the row count of the write before it (for the warning checks). */
    private record Committed(Publication publication, Optional<Long> previousRows) {}

    private Committed publishInTransaction(
            DuckDbSession db, String rows, String markers, boolean complete, String watermark) {
        Optional<Long> previous = WriteLog.previousCurrentRows(db, table.name(), partition);
        WriteOutcome outcome;
        try {
            outcome = writer.write(db, table.name(), rows, markers, partition, complete);
        } catch (StagedRowsRejected e) {
            outcome = WriteOutcome.rejected(db.queryLong("SELECT count(*) FROM " + rows), e.getMessage());
        }
        Publishing.requireAccepted(outcome);
        // counted before the checks: a check that cannot run ends a DuckDB transaction (CheckRunner)
        long current =
                db.queryLong("SELECT count(*) FROM " + CheckQueries.believedRows(table.name(), table.mode()) + " c");
        List<CheckResult> checks = CheckRunner.run(db, table, AssetCheck.Severity.ERROR, previous);
        Publishing.requireChecksPassed(outcome, current, checks);
        long writeId = WriteLog.record(
                db, LoggedWrite.published(table, runId, partition, clock.instant(), outcome, current, watermark));
        writer.rollback().published(db, table.name(), rows, writeId, partition, outcome, clock.instant(), retention);
        return new Committed(Publishing.published(outcome, current, checks), previous);
    }
}
