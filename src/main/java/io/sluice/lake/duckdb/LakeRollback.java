package io.sluice.lake.duckdb;

import io.sluice.lake.BusinessDates;
import io.sluice.lake.RollbackOutcome;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.TableSpec;
import io.sluice.lake.engine.CheckQueries;
import io.sluice.lake.engine.WriteOutcome;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A rollback of one table (or one partition of it) as a write of its own: worked out against the write log and the
 * writes in effect ({@link WriteEffects}), refused with the reason when it cannot be done, else applied by the table's
 * writer, recorded, and made undoable (what it takes out is kept), in the caller's transaction.
 */
final class LakeRollback {

    private final TableSpec table;
    private final TableWriter writer;
    private final InstantSource clock;
    private final Duration retention;

    LakeRollback(TableSpec table, InstantSource clock, Duration retention) {
        this.table = table;
        this.writer = TableWriter.of(table.mode(), clock);
        this.clock = clock;
        this.retention = retention;
    }

    /**
     * Works the rollback out, reading only.
     *
     * @throws RollbackRefused when the target did not write the table (or partition), or a partition's rollback would undo
     *                         or bring back writes of ranges of partitions (which hold other partitions too)
     */
    RollbackPlan plan(
            DuckDbSession db, RollbackTarget target, Optional<String> partition, Optional<BusinessDates> dates) {
        RollbackPoint point = WriteLog.resolve(db, table.name(), target, partition);
        WriteEffects.Change change = WriteEffects.change(db, table.name(), point.writeId(), partition);
        partition.ifPresent(p -> refuseRanges(p, change));
        return new RollbackPlan(point, partition, dates, change);
    }

    /** As {@link #plan}, and refuses what the writer cannot restore (a snapshot or removed rows no longer kept). */
    void check(DuckDbSession db, RollbackTarget target, Optional<String> partition) {
        writer.checkRestore(db, table.name(), plan(db, target, partition, Optional.empty()), retention);
    }

    private static void refuseRanges(String partition, WriteEffects.Change change) {
        List<String> ranges = Stream.concat(change.closed().stream(), change.reopened().stream())
                .map(WriteEffects.Effect::partition)
                .filter(k -> k != null && !k.equals(partition))
                .distinct()
                .sorted()
                .toList();
        if (!ranges.isEmpty()) {
            throw new RollbackRefused("partition " + partition
                    + " cannot be rolled back on its own: the writes it would undo or bring back "
                    + "landed ranges of partitions at once (" + String.join(", ", ranges)
                    + "); roll back the whole asset");
        }
    }

    /** Creates what the rollback keeps, in a transaction of its own before {@link #apply}. */
    void prepare(DuckDbSession db) {
        if (db.tableExists(table.name())) {
            writer.prepareRestore(db, table.name());
        }
    }

    /** Rolls back as a write of run {@code runId}; throws {@link RollbackRefused} (the caller's transaction then rolls back). */
    RollbackOutcome apply(
            DuckDbSession db,
            RollbackTarget target,
            String runId,
            Optional<String> partition,
            Optional<BusinessDates> dates) {
        String name = table.name();
        RollbackPlan plan = plan(db, target, partition, dates);
        Instant now = clock.instant();
        WriteOutcome outcome = writer.restore(db, name, plan, now, retention);
        long current = db.queryLong("SELECT count(*) FROM " + CheckQueries.believedRows(name, table.mode()) + " c");
        long writeId = WriteLog.record(
                db,
                name,
                table.mode().label(),
                runId,
                partition,
                now,
                outcome.systemTime(),
                0,
                outcome.rowsInserted(),
                outcome.rowsRemoved(),
                current,
                null);
        WriteEffects.apply(db, name, plan.change(), writeId);
        writer.keepRestored(db, name, writeId, outcome);
        Snapshots.expire(db, now, retention);
        writer.expire(db, name, now.minus(retention));
        // what recovery reads back for a rollback the metadata store never heard of, read the same way here
        return RollbackRecord.read(db, name, writeId);
    }
}
