package io.sluice.lake.engine.rollback;

import io.sluice.lake.RollbackTarget;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Rollback targets resolved against the write log, the same on every engine. */
public final class RollbackTargets {

    private RollbackTargets() {}

    /**
     * Resolves a rollback target to the table's write whose state it restores: the run's last write of the table (of the
     * partition, a range holding it or the whole table, when a partition is given), the last such write before the run's
     * first one ({@code beforeRun}; 0 when the run made the first: the empty table or partition), or the last write at or
     * before the system time.
     *
     * @throws RollbackRefused when the run never wrote the table (or partition), or the table had no write at or before the
     *                         system time
     */
    public static RollbackPoint resolve(
            RollbackSession db, String table, RollbackTarget target, Optional<String> partition) {
        String ofTable = " FROM " + RollbackTables.WRITES + " WHERE table_name = ?";
        // a partition's state is made by the writes of it, of a range holding it and of the whole table
        String scope = partition.isPresent() ? " AND (partition_key IS NULL OR " + WriteEffects.covers() + ")" : "";
        Object[] scoped = partition.map(p -> new Object[] {p, p, p}).orElse(new Object[0]);
        long writeId;
        Instant systemTime;
        Optional<String> named = target.namedRun();
        if (named.isPresent()) {
            String run = named.get();
            boolean before = target.beforeRun().isPresent();
            long runWrite = db.queryLong(
                    "SELECT coalesce(" + (before ? "min" : "max") + "(write_id), 0)" + ofTable + " AND run_id = ?"
                            + scope,
                    concat(new Object[] {table, run}, scoped));
            if (runWrite == 0) {
                throw new RollbackRefused("run " + run + " did not write table " + table
                        + partition.map(p -> " partition " + p).orElse(""));
            }
            writeId = before
                    ? db.queryLong(
                            "SELECT coalesce(max(write_id), 0)" + ofTable + " AND write_id < ?" + scope,
                            concat(new Object[] {table, runWrite}, scoped))
                    : runWrite;
            List<String> t = db.queryStrings(
                    "SELECT CAST(" + db.epochMicros("max(system_time)") + " AS VARCHAR)" + ofTable
                            + " AND write_id <= ?",
                    table,
                    writeId);
            systemTime = t.isEmpty() || t.get(0) == null ? null : RollbackTables.micros(t.get(0));
        } else {
            Instant at = target.systemTime().orElseThrow();
            writeId = db.queryLong("SELECT coalesce(max(write_id), 0)" + ofTable + " AND written_at <= ?", table, at);
            if (writeId == 0) {
                // before the first write the table held nothing: rolling back there would empty it, which no one asks
                // by accident (undoing the run that made the first write says so: beforeRun)
                List<String> first = db.queryStrings(
                        "SELECT CAST(" + db.epochMicros("min(written_at)") + " AS VARCHAR)" + ofTable, table);
                throw new RollbackRefused("table " + table + " had no write at or before " + at
                        + (first.isEmpty() || first.get(0) == null
                                ? ""
                                : "; its first write was at " + RollbackTables.micros(first.get(0))));
            }
            systemTime = at;
        }
        return new RollbackPoint(writeId, systemTime);
    }

    private static Object[] concat(Object[] first, Object[] second) {
        Object[] all = java.util.Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
