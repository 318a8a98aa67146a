package io.sluice.lake.duckdb;

import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.WriteOutcome;
import io.sluice.lake.engine.rollback.Restorer;
import io.sluice.lake.engine.rollback.UpsertRollback;
import java.util.Optional;
import java.util.stream.Collectors;

/** UPSERT: staged rows replace the rows with the same key; identical rows are left alone. */
record UpsertWriter(WriteMode.Upsert mode) implements TableWriter {

    @Override
    public WriteOutcome write(
            DuckDbSession db,
            String table,
            String staged,
            String markers,
            Optional<String> partition,
            boolean complete) {
        long rowsIn = db.queryLong("SELECT count(*) FROM " + staged);
        String keys = String.join(", ", mode.keyColumns());
        if (!db.columns(staged).containsAll(mode.keyColumns())) {
            return WriteOutcome.rejected(rowsIn, "the staged rows lack key columns " + mode.keyColumns());
        }
        long nullKeys = db.queryLong("SELECT count(*) FROM " + staged + " WHERE "
                + mode.keyColumns().stream().map(k -> k + " IS NULL").collect(Collectors.joining(" OR ")));
        if (nullKeys > 0) {
            return WriteOutcome.rejected(rowsIn, nullKeys + " staged rows have a NULL key (" + keys + ")");
        }
        long conflicts = db.queryLong("SELECT count(*) FROM (SELECT " + keys + " FROM (SELECT DISTINCT * FROM " + staged
                + ") GROUP BY " + keys + " HAVING count(*) > 1)");
        if (conflicts > 0) {
            return WriteOutcome.rejected(
                    rowsIn, conflicts + " keys appear in several staged rows with different values");
        }
        String cols = String.join(", ", TableWriter.columns(db, table, staged));
        String match =
                mode.keyColumns().stream().map(k -> "c." + k + " = t." + k).collect(Collectors.joining(" AND "));
        db.execute("CREATE OR REPLACE TEMP TABLE __upsert_changed AS SELECT DISTINCT " + cols + " FROM " + staged
                + " EXCEPT SELECT " + cols + " FROM " + table + " t WHERE EXISTS (SELECT 1 FROM " + staged + " c WHERE "
                + match + ")");
        long removed = db.execute(
                "DELETE FROM " + table + " t WHERE EXISTS (SELECT 1 FROM __upsert_changed c WHERE " + match + ")");
        long inserted = db.execute("INSERT INTO " + table + " BY NAME SELECT * FROM __upsert_changed");
        db.execute("DROP TABLE __upsert_changed");
        return WriteOutcome.of(rowsIn, inserted, removed);
    }

    @Override
    public Restorer rollback() {
        return new UpsertRollback();
    }
}
