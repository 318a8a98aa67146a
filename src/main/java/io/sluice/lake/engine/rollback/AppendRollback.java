package io.sluice.lake.engine.rollback;

import io.sluice.lake.engine.WriteOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * APPEND: a write records the loads it brought; a rollback moves the loads of the writes it takes out of effect to the
 * table's removed rows, and those of the writes it brings back from there into the table.
 */
public record AppendRollback(String loadColumn) implements Restorer {

    @Override
    public void keep(
            RollbackSession db,
            String table,
            String staged,
            long writeId,
            Optional<String> partition,
            WriteOutcome outcome) {
        if (outcome.rowsInserted() > 0) {
            Snapshots.recordLoads(db, table, staged, loadColumn, writeId);
        }
    }

    /** Refuses bringing back writes whose removed rows are no longer kept. */
    @Override
    public void checkRestore(RollbackSession db, String table, RollbackPlan plan, Duration retention) {
        RemovedRows.requireKept(db, table, plan.change().reopenedIds(), retention);
    }

    @Override
    public void prepareRestore(RollbackSession db, String table) {
        RemovedRows.create(db, table);
    }

    /**
     * The loads of the writes the rollback takes out of effect move to the table's removed rows, and those of the writes it
     * brings back move from there into the table; the loads of other writes (of other partitions, when one is given) are
     * untouched.
     */
    @Override
    public WriteOutcome restore(RollbackSession db, String table, RollbackPlan plan, Instant now, Duration retention) {
        checkRestore(db, table, plan, retention);
        long removed = RemovedRows.remove(db, table, loadColumn, plan.change().closedIds());
        long inserted = RemovedRows.restore(db, table, loadColumn, plan.change().reopenedIds());
        return WriteOutcome.of(0, inserted, removed);
    }

    @Override
    public void expire(RollbackSession db, String table, Instant before) {
        RemovedRows.expire(db, table, before);
    }
}
