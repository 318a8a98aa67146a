package io.sluice.lake.duckdb;

import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.WriteOutcome;
import io.sluice.lake.engine.rollback.PartitionOverwriteRollback;
import io.sluice.lake.engine.rollback.Restorer;
import java.util.Optional;

/** PARTITION_OVERWRITE: the partition's rows become exactly the staged rows; an identical rewrite changes nothing. */
record PartitionOverwriteWriter(WriteMode.PartitionOverwrite mode) implements TableWriter {

    @Override
    public WriteOutcome write(
            DuckDbSession db,
            String table,
            String staged,
            String markers,
            Optional<String> partition,
            boolean complete) {
        String column = mode.partitionColumn();
        String key = partition.orElseThrow(
                () -> new IllegalStateException("PARTITION_OVERWRITE of " + table + " needs a partition"));
        long rowsIn = db.queryLong("SELECT count(*) FROM " + staged);
        if (!db.columns(staged).contains(column)) {
            return WriteOutcome.rejected(rowsIn, "the staged rows have no partition column '" + column + "'");
        }
        long outside = db.longValue(
                "SELECT count(*) FROM " + staged + " WHERE CAST(" + column + " AS VARCHAR) IS DISTINCT FROM ?", key);
        if (outside > 0) {
            return WriteOutcome.rejected(
                    rowsIn, outside + " staged rows are outside partition " + key + " (column " + column + ")");
        }
        String cols = String.join(", ", TableWriter.columns(db, table, staged));
        // the partition's current rows, the key bound as $1 (used twice)
        String current = "SELECT " + cols + " FROM " + table + " WHERE CAST(" + column + " AS VARCHAR) = $1";
        long differences = db.longValue(
                "SELECT count(*) FROM ((SELECT " + cols + " FROM " + staged + " EXCEPT ALL " + current + ") UNION ALL ("
                        + current + " EXCEPT ALL SELECT " + cols + " FROM " + staged + "))",
                key);
        if (differences == 0) {
            return WriteOutcome.of(rowsIn, 0, 0);
        }
        long removed = db.update("DELETE FROM " + table + " WHERE CAST(" + column + " AS VARCHAR) = ?", key);
        long inserted = db.execute("INSERT INTO " + table + " BY NAME SELECT * FROM " + staged);
        return WriteOutcome.of(rowsIn, inserted, removed);
    }

    @Override
    public Restorer rollback() {
        return new PartitionOverwriteRollback(mode.partitionColumn());
    }
}
