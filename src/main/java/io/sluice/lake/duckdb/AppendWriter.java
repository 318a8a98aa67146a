package io.sluice.lake.duckdb;

import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.WriteOutcome;
import io.sluice.lake.engine.rollback.AppendRollback;
import io.sluice.lake.engine.rollback.Restorer;
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
    public Restorer rollback() {
        return new AppendRollback(mode.loadIdColumn());
    }
}
