package io.sluice.lake.duckdb;

import io.sluice.catalog.WriteMode;
import io.sluice.lake.WriteOutcome;
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
}
