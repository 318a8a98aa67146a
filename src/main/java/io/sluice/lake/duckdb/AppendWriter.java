package io.sluice.lake.duckdb;

import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.WriteOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** APPEND: staged rows whose load id is already in the table are not appended again. */
record AppendWriter(WriteMode.Append mode) implements TableWriter {

    @Override
    public WriteOutcome write(
            DuckDbSession db,
            String table,
            String staged,
            String markers,
            Optional<String> partition,
            boolean complete) {
        String load = mode.loadIdColumn();
        long rowsIn = db.queryLong("SELECT count(*) FROM " + staged);
        if (!db.columns(staged).contains(load)) {
            return WriteOutcome.rejected(rowsIn, "the staged rows have no load id column '" + load + "'");
        }
        long nullLoads = db.queryLong("SELECT count(*) FROM " + staged + " WHERE " + load + " IS NULL");
        if (nullLoads > 0) {
            return WriteOutcome.rejected(rowsIn, nullLoads + " staged rows have a NULL load id (" + load + ")");
        }
        TableWriter.columns(db, table, staged);
        long inserted = db.execute("INSERT INTO " + table + " BY NAME SELECT * FROM " + staged + " s WHERE NOT EXISTS "
                + "(SELECT 1 FROM " + table + " t WHERE t." + load + " = s." + load + ")");
        return WriteOutcome.of(rowsIn, inserted, 0);
    }

    @Override
    public void keep(
            DuckDbSession db,
            String table,
            String staged,
            long writeId,
            Optional<String> partition,
            WriteOutcome outcome) {
        if (outcome.rowsInserted() > 0) {
            Snapshots.recordLoads(db, table, staged, mode.loadIdColumn(), writeId);
        }
    }

    /** Refuses bringing back writes whose removed rows are no longer kept. */
    @Override
    public void checkRestore(DuckDbSession db, String table, RollbackPlan plan, Duration retention) {
        RemovedRows.requireKept(db, table, plan.change().reopenedIds(), retention);
    }

    @Override
    public void prepareRestore(DuckDbSession db, String table) {
        RemovedRows.create(db, table);
    }

    /**
     * The loads of the writes the rollback takes out of effect move to the table's removed rows, and those of the writes it
     * brings back move from there into the table; the loads of other writes (of other partitions, when one is given) are
     * untouched.
     */
    @Override
    public WriteOutcome restore(DuckDbSession db, String table, RollbackPlan plan, Instant now, Duration retention) {
        checkRestore(db, table, plan, retention);
        long removed =
                RemovedRows.remove(db, table, mode.loadIdColumn(), plan.change().closedIds());
        long inserted = RemovedRows.restore(
                db, table, mode.loadIdColumn(), plan.change().reopenedIds());
        return WriteOutcome.of(0, inserted, removed);
    }

    @Override
    public void expire(DuckDbSession db, String table, Instant before) {
        RemovedRows.expire(db, table, before);
    }
}
