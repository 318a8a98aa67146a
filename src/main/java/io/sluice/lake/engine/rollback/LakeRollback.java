package io.sluice.lake.engine.rollback;

import io.sluice.lake.BusinessDates;
import io.sluice.lake.RollbackOutcome;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.TableSpec;
import io.sluice.lake.engine.CheckQueries;
import io.sluice.lake.engine.FaultPoint;
import io.sluice.lake.engine.WriteOutcome;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A rollback of one table (or one partition of it) as a write of its own: worked out against the write log and the
 * writes in effect ({@link WriteEffects}), refused with the reason when it cannot be done, else applied by the table's
 * writer, recorded, and made undoable (what it takes out is kept), in the caller's transaction.
 */
public final class LakeRollback {

    private final TableSpec table;
    private final Restorer writer;
    private final InstantSource clock;
    private final Duration retention;

    /**
     * @param writer    the table's write mode's side of rollbacks
     * @param retention how long what a rollback needs is kept ({@code sluice.lake.snapshot-retention})
     */
    public LakeRollback(TableSpec table, Restorer writer, InstantSource clock, Duration retention) {
        this.table = table;
        this.writer = writer;
        this.clock = clock;
        this.retention = retention;
    }

    /**
     * Works the rollback out, reading only.
     *
     * @throws RollbackRefused when the target did not write the table (or partition), or a partition's rollback would undo
     *                         or bring back writes of ranges of partitions (which hold other partitions too)
     */
    public RollbackPlan plan(
            RollbackSession db, RollbackTarget target, Optional<String> partition, Optional<BusinessDates> dates) {
        RollbackPoint point = RollbackTargets.resolve(db, table.name(), target, partition);
        WriteEffects.Change change = WriteEffects.change(db, table.name(), point.writeId(), partition);
        partition.ifPresent(p -> refuseRanges(p, change));
        return new RollbackPlan(point, partition, dates, change);
    }

    /**
     * Why the rollback cannot be done, or empty if it can, reading only: the table was never written, {@link #plan}
     * refuses it, or the writer cannot restore it (a snapshot or removed rows no longer kept).
     */
    public Optional<String> problem(RollbackSession db, RollbackTarget target, Optional<String> partition) {
        if (!db.tableExists(table.name())) {
            return Optional.of("table " + table.name() + " has never been written");
        }
        try {
            writer.checkRestore(db, table.name(), plan(db, target, partition, Optional.empty()), retention);
            return Optional.empty();
        } catch (RollbackRefused e) {
            return Optional.of(e.getMessage());
        }
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
    public void prepare(RollbackSession db) {
        if (db.tableExists(table.name())) {
            writer.prepareRestore(db, table.name());
        }
    }

    /**
     * The outcome of a rollback that {@code committed} applies and commits (the engine's transactions around {@link
     * #prepare} and {@link #apply}), or the refusal's (its transaction rolled back).
     */
    public static RollbackOutcome outcome(TableSpec table, String runId, Supplier<RollbackOutcome> committed) {
        try {
            RollbackOutcome outcome = committed.get();
            FaultPoint.afterLakeCommit(table.name(), runId);
            return outcome;
        } catch (RollbackRefused e) {
            return RollbackOutcome.refused(e.getMessage());
        }
    }

    /** Rolls back as a write of run {@code runId}; throws {@link RollbackRefused} (the caller's transaction then rolls back). */
    public RollbackOutcome apply(
            RollbackSession db,
            RollbackTarget target,
            String runId,
            Optional<String> partition,
            Optional<BusinessDates> dates) {
        String name = table.name();
        RollbackPlan plan = plan(db, target, partition, dates);
        Instant now = clock.instant();
        WriteOutcome outcome = writer.restore(db, name, plan, now, retention);
        long current = db.queryLong("SELECT count(*) FROM " + CheckQueries.believedRows(name, table.mode()) + " c");
        long writeId = db.logRollback(LoggedWrite.rollback(table, runId, partition, now, outcome, current));
        WriteEffects.apply(db, name, plan.change(), writeId);
        writer.keepRestored(db, name, writeId, outcome);
        Snapshots.expire(db, now, retention);
        writer.expire(db, name, now.minus(retention));
        // what recovery reads back for a rollback the metadata store never heard of, read the same way here
        return RollbackRecord.read(db, name, writeId);
    }
}
