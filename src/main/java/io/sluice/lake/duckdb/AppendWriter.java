package io.sluice.lake.duckdb;

import io.sluice.catalog.WriteMode;
import io.sluice.lake.WriteOutcome;
import java.util.Optional;

/** APPEND: staged rows whose load id is already in the table are not appended again. */
record AppendWriter(WriteMode.Append mode) implements TableWriter {

    @Override
    public WriteOutcome write(DuckDbSession db, String table, String staged, String markers, Optional<String> partition, boolean complete) {
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
    public void keep(DuckDbSession db, String table, String staged, long writeId, Optional<String> partition, WriteOutcome outcome) {
        if (outcome.rowsInserted() > 0) {
            Snapshots.recordLoads(db, table, staged, mode.loadIdColumn(), writeId);
        }
    }

    /**
     * Removes the loads that came after the point (of the partition, when one is given); the loads before it, and
     * those of other partitions, are untouched.
     */
    @Override
    public WriteOutcome restore(DuckDbSession db, String table, RollbackPoint point, Optional<String> partition) {
        String later = "SELECT load_id FROM " + Snapshots.LOADS + " WHERE table_name = " + WriteLog.literal(table) + " AND write_id > " + point.writeId()
                + partition.map(p -> " AND write_id IN (SELECT write_id FROM " + WriteLog.TABLE + " WHERE table_name = " + WriteLog.literal(table)
                        + " AND partition_key = " + WriteLog.literal(p) + ")").orElse("");
        long removed = db.execute("DELETE FROM " + table + " WHERE CAST(" + mode.loadIdColumn() + " AS VARCHAR) IN (" + later + ")");
        db.execute("DELETE FROM " + Snapshots.LOADS + " WHERE table_name = " + WriteLog.literal(table) + " AND load_id IN (" + later + ")");
        return WriteOutcome.of(0, 0, removed);
    }
}
