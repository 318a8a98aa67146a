package io.sluice.lake.engine.rollback;

import io.sluice.lake.engine.WriteOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A write mode's side of rollbacks, the same on every engine: what a published write keeps for a later rollback to it,
 * and how a rollback restores the table (or a partition) from that, keeping what it takes out so that it can be undone.
 * All in the caller's transaction.
 */
public interface Restorer {

    /** Keeps, in the write's transaction, what a later rollback to write {@code writeId} needs. */
    default void keep(
            RollbackSession db,
            String table,
            String staged,
            long writeId,
            Optional<String> partition,
            WriteOutcome outcome) {}

    /**
     * Everything a publish of write {@code writeId} does for rollbacks, in its transaction after the write log's row:
     * keeps what a rollback to it needs ({@link #keep}), puts it in effect, and drops what the retention no longer keeps.
     */
    default void published(
            RollbackSession db,
            String table,
            String staged,
            long writeId,
            Optional<String> partition,
            WriteOutcome outcome,
            Instant now,
            Duration retention) {
        keep(db, table, staged, writeId, partition, outcome);
        WriteEffects.opened(db, table, writeId, partition);
        Snapshots.expire(db, now, retention);
        expire(db, table, now.minus(retention));
    }

    /**
     * Refuses (with {@link RollbackRefused}) a rollback that cannot be done, such as one needing a snapshot or removed
     * rows that are no longer kept; reads only, so that a rollback is refused before its run is stored.
     */
    default void checkRestore(RollbackSession db, String table, RollbackPlan plan, Duration retention) {}

    /** Creates what a rollback of the table keeps (DuckDB: in a transaction of its own before it). */
    default void prepareRestore(RollbackSession db, String table) {}

    /**
     * Restores the table (or the plan's partition) to the state right after the plan's point, keeping what is needed to
     * undo it (checks as {@link #checkRestore} first).
     */
    WriteOutcome restore(RollbackSession db, String table, RollbackPlan plan, Instant now, Duration retention);

    /** Keeps, in the rollback's transaction, what a later rollback to the rollback's own write {@code writeId} needs. */
    default void keepRestored(RollbackSession db, String table, long writeId, WriteOutcome outcome) {}

    /** Drops what is kept for rollbacks of the table that is older than {@code before}. */
    default void expire(RollbackSession db, String table, Instant before) {}
}
