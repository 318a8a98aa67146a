package io.sluice.lake.duckdb;

import io.sluice.catalog.WriteMode;
import io.sluice.lake.WriteOutcome;
import java.util.List;
import java.util.Optional;

/** PARTITION_OVERWRITE: the partition's rows become exactly the staged rows; an identical rewrite changes nothing. */
record PartitionOverwriteWriter(WriteMode.PartitionOverwrite mode) implements TableWriter {

    @Override
    public WriteOutcome write(DuckDbSession db, String table, String staged, String markers, Optional<String> partition, boolean complete) {
        String column = mode.partitionColumn();
        String key = partition.orElseThrow(() -> new IllegalStateException("PARTITION_OVERWRITE of " + table + " needs a partition"));
        String literal = "'" + key.replace("'", "''") + "'";
        long rowsIn = db.queryLong("SELECT count(*) FROM " + staged);
        if (!db.columns(staged).contains(column)) {
            return WriteOutcome.rejected(rowsIn, "the staged rows have no partition column '" + column + "'");
        }
        long outside = db.queryLong("SELECT count(*) FROM " + staged + " WHERE CAST(" + column + " AS VARCHAR) IS DISTINCT FROM " + literal);
        if (outside > 0) {
            return WriteOutcome.rejected(rowsIn, outside + " staged rows are outside partition " + key + " (column " + column + ")");
        }
        String cols = String.join(", ", TableWriter.columns(db, table, staged));
        String current = "SELECT " + cols + " FROM " + table + " WHERE CAST(" + column + " AS VARCHAR) = " + literal;
        long differences = db.queryLong("SELECT count(*) FROM ((SELECT " + cols + " FROM " + staged + " EXCEPT ALL " + current
                + ") UNION ALL (" + current + " EXCEPT ALL SELECT " + cols + " FROM " + staged + "))");
        if (differences == 0) {
            return WriteOutcome.of(rowsIn, 0, 0);
        }
        long removed = db.execute("DELETE FROM " + table + " WHERE CAST(" + column + " AS VARCHAR) = " + literal);
        long inserted = db.execute("INSERT INTO " + table + " BY NAME SELECT * FROM " + staged);
        return WriteOutcome.of(rowsIn, inserted, removed);
    }

    private String filter(String key) {
        return "CAST(" + mode.partitionColumn() + " AS VARCHAR) = " + WriteLog.literal(key);
    }

    @Override
    public void keep(DuckDbSession db, String table, String staged, long writeId, Optional<String> partition, WriteOutcome outcome) {
        if (outcome.rowsInserted() + outcome.rowsRemoved() > 0) {
            Snapshots.keep(db, table, writeId, Optional.of(filter(partition.orElseThrow())));
        }
    }

    /** Restores one partition, or every partition the table ever wrote, from its snapshot at the point. */
    @Override
    public WriteOutcome restore(DuckDbSession db, String table, RollbackPoint point, Optional<String> partition) {
        List<String> partitions = partition.map(List::of).orElseGet(() -> db.queryStrings("SELECT DISTINCT partition_key FROM "
                + WriteLog.TABLE + " WHERE table_name = " + WriteLog.literal(table) + " AND partition_key IS NOT NULL ORDER BY 1"));
        long inserted = 0;
        long removed = 0;
        for (String key : partitions) {
            WriteOutcome o = SnapshotRestore.restore(db, table, Snapshots.latest(db, table, point.writeId(), Optional.of(key)), filter(key));
            inserted += o.rowsInserted();
            removed += o.rowsRemoved();
        }
        return WriteOutcome.of(0, inserted, removed);
    }
}
