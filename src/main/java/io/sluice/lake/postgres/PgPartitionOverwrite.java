package io.sluice.lake.postgres;

import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.StagedRowsRejected;
import io.sluice.lake.engine.WriteOutcome;
import io.sluice.lake.engine.rollback.PartitionOverwriteRollback;
import io.sluice.lake.engine.rollback.Restorer;
import java.util.List;
import java.util.Optional;

/**
 * PARTITION_OVERWRITE on PostgreSQL: the partition's rows become the staged rows (compared as multisets, so an identical
 * rewrite changes nothing); rows outside the partition are refused.
 */
record PgPartitionOverwrite(WriteMode.PartitionOverwrite mode) implements PgWriter {

    @Override
    public WriteOutcome write(PgSession db, String table, PgStaged batch, Optional<String> partition, long writeId) {
        String staged = batch.rows();
        String key = partition.orElseThrow(
                () -> new IllegalStateException("PARTITION_OVERWRITE of " + table + " needs a partition"));
        String inPartition = "CAST(" + mode.partitionColumn() + " AS VARCHAR)";
        long rowsIn = db.queryLong("SELECT count(*) FROM " + staged);
        String columns = PgWriter.stagedColumns(db, table, staged, List.of(mode.partitionColumn()), "partition");
        long strays =
                db.queryLong("SELECT count(*) FROM " + staged + " WHERE " + inPartition + " IS DISTINCT FROM ?", key);
        if (strays > 0) {
            throw new StagedRowsRejected(
                    strays + " staged rows are outside partition " + key + " (column " + mode.partitionColumn() + ")");
        }
        String now = "SELECT " + columns + " FROM " + table + " WHERE " + inPartition + " = $1";
        String next = "SELECT " + columns + " FROM " + staged;
        long changed = db.queryLong(
                "SELECT count(*) FROM ((" + next + " EXCEPT ALL " + now + ") UNION ALL (" + now + " EXCEPT ALL " + next
                        + ")) d",
                key);
        if (changed == 0) {
            return WriteOutcome.of(rowsIn, 0, 0);
        }
        long removed = db.execute("DELETE FROM " + table + " WHERE " + inPartition + " = ?", key);
        long inserted = db.execute("INSERT INTO " + table + " (" + columns + ") " + next);
        return WriteOutcome.of(rowsIn, inserted, removed);
    }

    @Override
    public Restorer rollback() {
        return new PartitionOverwriteRollback(mode.partitionColumn());
    }
}
