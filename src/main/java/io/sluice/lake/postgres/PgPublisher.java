package io.sluice.lake.postgres;

import io.sluice.lake.AssetCheck;
import io.sluice.lake.CheckResult;
import io.sluice.lake.Publication;
import io.sluice.lake.PublishRecords;
import io.sluice.lake.TableSpec;
import io.sluice.lake.engine.CheckQueries;
import io.sluice.lake.engine.CheckRunner;
import io.sluice.lake.engine.FaultPoint;
import io.sluice.lake.engine.Publishing;
import io.sluice.lake.engine.StagedRowsRejected;
import io.sluice.lake.engine.WriteOutcome;
import io.sluice.lake.engine.rollback.LoggedWrite;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;

/**
 * Publishing what a {@link PgStaging} staged, in one transaction holding the table's write lock: the write's id from
 * the lake's sequence, the staged rows applied by the table's writer, the blocking checks on the result, and the write
 * log's row; a rejected batch or a failed check rolls all of it back, so the table stays exactly as it was. The
 * warning checks run after the commit, as the lake's own work.
 *
 * @param work   the staging's lake (a run's: a cancel of the run interrupts the publish)
 * @param upkeep the lake itself, for the warning checks and for dropping staging tables
 * @param writer the table's writer
 * @param sharesStore whether the lake is in the metadata store's database: the run's records of the publish are then
 *     stored in its transaction ({@link PublishRecords})
 * @param retention how long what a rollback needs is kept after the table left that state
 */
record PgPublisher(
        PgWork work,
        PgWork upkeep,
        TableSpec table,
        PgWriter writer,
        String runId,
        Optional<String> partition,
        boolean sharesStore,
        InstantSource clock,
        Duration retention) {

    /** A committed publication and the row count of the write before it (for the warning checks). */
    private record Committed(Publication publication, Optional<Long> previousRows) {}

    Publication publish(PgStaged staged, String watermark, PublishRecords records) {
        Committed committed;
        try {
            committed = work.inTransaction(Optional.of(table.name()), db -> {
                Committed applied = apply(db, staged, watermark);
                if (sharesStore) {
                    db.asStore(connection -> records.store(applied.publication(), connection));
                }
                return applied;
            });
        } catch (Publishing.NotPublished e) {
            return e.publication();
        }
        FaultPoint.afterLakeCommit(table.name(), runId);
        List<CheckResult> warnings = upkeep.inTransaction(
                Optional.empty(), db -> CheckRunner.run(db, table, AssetCheck.Severity.WARN, committed.previousRows()));
        return Publishing.withWarnings(committed.publication(), warnings);
    }

    private Committed apply(PgSession db, PgStaged staged, String watermark) {
        String name = table.name();
        writer.prepare(db, name, staged.rows());
        long writeId = PgWriteLog.nextId(db);
        Optional<Long> previous = PgWriteLog.previousCurrentRows(db, name, partition);
        WriteOutcome outcome;
        try {
            outcome = writer.write(db, name, staged, partition, writeId);
        } catch (StagedRowsRejected e) {
            outcome = WriteOutcome.rejected(db.queryLong("SELECT count(*) FROM " + staged.rows()), e.getMessage());
        }
        Publishing.requireAccepted(outcome);
        long current = db.queryLong("SELECT count(*) FROM " + CheckQueries.believedRows(name, table.mode()) + " c");
        List<CheckResult> checks = CheckRunner.run(db, table, AssetCheck.Severity.ERROR, previous);
        Publishing.requireChecksPassed(outcome, current, checks);
        PgWriteLog.record(
                db,
                writeId,
                LoggedWrite.published(table, runId, partition, clock.instant(), outcome, current, watermark));
        writer.rollback().published(db, name, staged.rows(), writeId, partition, outcome, clock.instant(), retention);
        return new Committed(Publishing.published(outcome, current, checks), previous);
    }
}
