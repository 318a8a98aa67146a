package io.sluice.lake.postgres;

import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.StagedRowsRejected;
import io.sluice.lake.engine.WriteOutcome;
import io.sluice.lake.engine.rollback.Restorer;
import io.sluice.lake.engine.rollback.UpsertRollback;
import java.util.Optional;
import java.util.stream.Collectors;

/** UPSERT on PostgreSQL: staged rows replace the rows with their key; a row already as staged is left alone. */
record PgUpsert(WriteMode.Upsert mode) implements PgWriter {

    @Override
    public WriteOutcome write(PgSession db, String table, PgStaged batch, Optional<String> partition, long writeId) {
        String staged = batch.rows();
        long rowsIn = db.queryLong("SELECT count(*) FROM " + staged);
        String columns = PgWriter.stagedColumns(db, table, staged, mode.keyColumns(), "key");
        PgWriter.noNulls(db, staged, mode.keyColumns(), "key");
        String keys = String.join(", ", mode.keyColumns());
        long ambiguous = db.queryLong("SELECT count(*) FROM (SELECT " + keys + " FROM (SELECT DISTINCT * FROM " + staged
                + ") d GROUP BY " + keys + " HAVING count(*) > 1) k");
        if (ambiguous > 0) {
            throw new StagedRowsRejected(ambiguous + " keys appear in several staged rows with different values");
        }
        String sameKey =
                mode.keyColumns().stream().map(k -> "c." + k + " = t." + k).collect(Collectors.joining(" AND "));
        String changed = "pg_temp.__sluice_upsert_changed";
        db.execute("DROP TABLE IF EXISTS " + changed);
        db.execute("CREATE TEMP TABLE __sluice_upsert_changed ON COMMIT DROP AS SELECT DISTINCT " + columns + " FROM "
                + staged + " EXCEPT SELECT " + columns + " FROM " + table + " t WHERE EXISTS (SELECT 1 FROM " + staged
                + " c WHERE " + sameKey + ")");
        long removed = db.execute(
                "DELETE FROM " + table + " AS t WHERE EXISTS (SELECT 1 FROM " + changed + " c WHERE " + sameKey + ")");
        long inserted =
                db.execute("INSERT INTO " + table + " (" + columns + ") SELECT " + columns + " FROM " + changed);
        db.execute("DROP TABLE " + changed);
        return WriteOutcome.of(rowsIn, inserted, removed);
    }

    @Override
    public Restorer rollback() {
        return new UpsertRollback();
    }
}
