package io.sluice.lake.engine.rollback;

import io.sluice.lake.engine.WriteOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * UPSERT: every write that changed the table keeps a snapshot of it; a rollback puts the snapshot of the state at the
 * point in place of the table's rows, and holds the current state's snapshot so that it can be undone.
 */
public record UpsertRollback() implements Restorer {

    @Override
    public void keep(
            RollbackSession db,
            String table,
            String staged,
            long writeId,
            Optional<String> partition,
            WriteOutcome outcome) {
        if (outcome.rowsInserted() + outcome.rowsRemoved() > 0) {
            Snapshots.leftBy(db, Snapshots.latest(db, table, writeId - 1).map(Snapshots.Kept::writeId), writeId);
            Snapshots.keep(db, table, writeId, Optional.empty());
        }
    }

    /** The state to restore (the last changing write at the point; none: the empty table) and the current one. */
    private record States(Optional<Snapshots.Kept> target, Optional<Snapshots.Kept> current) {

        static States of(RollbackSession db, String table, RollbackPlan plan) {
            return new States(
                    Snapshots.latest(db, table, plan.point().writeId()), Snapshots.latest(db, table, Long.MAX_VALUE));
        }

        boolean differ() {
            return !target.map(Snapshots.Kept::writeId).equals(current.map(Snapshots.Kept::writeId));
        }
    }

    @Override
    public void checkRestore(RollbackSession db, String table, RollbackPlan plan, Duration retention) {
        States states = States.of(db, table, plan);
        if (states.differ()) {
            states.target().ifPresent(k -> k.snapshotOrRefuse(table, "", retention));
        }
    }

    /** Puts the snapshot of the state at the point in place of the table's rows; the current state's snapshot is held. */
    @Override
    public WriteOutcome restore(RollbackSession db, String table, RollbackPlan plan, Instant now, Duration retention) {
        States states = States.of(db, table, plan);
        if (!states.differ()) {
            return WriteOutcome.of(0, 0, 0);
        }
        Optional<String> snapshot = states.target().map(k -> k.snapshotOrRefuse(table, "", retention));
        WriteOutcome outcome = SnapshotRestore.restore(db, table, snapshot, "true");
        Snapshots.hold(
                db, states.current().stream().mapToLong(Snapshots.Kept::writeId).toArray(), now);
        return outcome;
    }

    /** The rolled-back state gets a snapshot of its own, as any changing write. */
    @Override
    public void keepRestored(RollbackSession db, String table, long writeId, WriteOutcome outcome) {
        if (outcome.rowsInserted() + outcome.rowsRemoved() > 0) {
            Snapshots.keep(db, table, writeId, Optional.empty());
        }
    }
}
