package io.sluice.lake.postgres;

import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.WriteOutcome;
import io.sluice.lake.engine.rollback.AppendRollback;
import io.sluice.lake.engine.rollback.Restorer;
import java.util.List;
import java.util.Optional;

/** APPEND on PostgreSQL: loads already in the table are skipped; the loads a write brings are logged for its version. */
record PgAppend(WriteMode.Append mode) implements PgWriter {

    @Override
    public WriteOutcome write(PgSession db, String table, PgStaged batch, Optional<String> partition, long writeId) {
        String staged = batch.rows();
        String load = mode.loadIdColumn();
        long rowsIn = db.queryLong("SELECT count(*) FROM " + staged);
        String columns = PgWriter.stagedColumns(db, table, staged, List.of(load), "load id");
        PgWriter.noNulls(db, staged, List.of(load), "load id");
        long inserted = db.execute("INSERT INTO " + table + " (" + columns + ") SELECT " + columns + " FROM " + staged
                + " s WHERE NOT EXISTS (SELECT 1 FROM " + table + " t WHERE t." + load + " = s." + load + ")");
        return WriteOutcome.of(rowsIn, inserted, 0);
    }

    /** The loads a write brought are recorded after it ({@link AppendRollback#keep}); a rollback moves them. */
    @Override
    public Restorer rollback() {
        return new AppendRollback(mode.loadIdColumn());
    }
}
