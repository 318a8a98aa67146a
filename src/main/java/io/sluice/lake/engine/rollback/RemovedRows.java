package io.sluice.lake.engine.rollback;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The rows of an APPEND table that rollbacks took out, kept so that a later rollback can bring them back: in
 * {@code __removed_<table>}, with the write that had brought their load ({@code __sluice_write}). They are kept while that
 * write is out of effect ({@link WriteEffects}), for {@code sluice.lake.snapshot-retention} from the rollback that took
 * it out; a write brought back has its rows moved back into the table.
 */
public final class RemovedRows {

    private static final String WRITE = "__sluice_write";

    private RemovedRows() {}

    /**
     * The table of {@code table}'s removed rows: {@code __removed_<table>}, fitted to PostgreSQL's longest name as
     * {@link RollbackTables#fitted} fits the snapshots' (a cut name could be another long table's). A DuckDB lake from
     * before keeps the long name its table was created with.
     */
    public static String table(RollbackSession db, String table) {
        String whole = "__removed_" + table;
        String fitted = RollbackTables.fitted(whole);
        return fitted.equals(whole) || !db.tableExists(whole) ? fitted : whole;
    }

    /** Creates the table of removed rows, in a transaction of its own (no DDL beside bulk writes, see the DuckDB lake's writers). */
    public static void create(RollbackSession db, String table) {
        if (!db.tableExists(table(db, table))) {
            db.execute("CREATE TABLE " + table(db, table) + " AS SELECT *, CAST(NULL AS BIGINT) AS " + WRITE + " FROM "
                    + table + " LIMIT 0");
        }
    }

    /** Moves the rows of the loads that the writes {@code writeIds} brought out of the table; returns how many. */
    public static long remove(RollbackSession db, String table, String loadColumn, long[] writeIds) {
        if (writeIds.length == 0) {
            return 0;
        }
        String loads = "SELECT load_id, write_id FROM " + Snapshots.LOADS
                + " WHERE table_name = ? AND write_id IN (SELECT unnest(?::BIGINT[]))";
        String columns = db.columnList(table);
        String fromTable = String.join(
                ", ", db.columns(table).stream().map(c -> "t." + db.quote(c)).toList());
        db.execute(
                "INSERT INTO " + table(db, table) + " (" + columns + ", " + WRITE + ") SELECT " + fromTable
                        + ", l.write_id FROM " + table + " t JOIN (" + loads + ") l ON l.load_id = CAST(t." + loadColumn
                        + " AS VARCHAR)",
                table,
                writeIds);
        return db.execute(
                "DELETE FROM " + table + " WHERE CAST(" + loadColumn + " AS VARCHAR) IN (SELECT load_id FROM (" + loads
                        + ") l)",
                table,
                writeIds);
    }

    /**
     * Moves the kept rows of the writes {@code writeIds} back into the table; returns how many.
     *
     * @throws RollbackRefused when one of their loads is in the table already (brought again by a write still in effect)
     */
    public static long restore(RollbackSession db, String table, String loadColumn, long[] writeIds) {
        if (writeIds.length == 0) {
            return 0;
        }
        String kept = " FROM " + table(db, table) + " WHERE " + WRITE + " IN (SELECT unnest(?::BIGINT[]))";
        List<String> clashes = db.queryStrings(
                "SELECT DISTINCT CAST(r." + loadColumn + " AS VARCHAR) FROM (SELECT " + loadColumn + kept + ") r WHERE "
                        + "EXISTS (SELECT 1 FROM " + table + " t WHERE t." + loadColumn + " = r." + loadColumn
                        + ") ORDER BY 1 LIMIT 3",
                writeIds);
        if (!clashes.isEmpty()) {
            throw new RollbackRefused(
                    "the rollback would bring back loads that table " + table + " holds from a write still in effect ("
                            + String.join(", ", clashes) + "); roll back the whole asset");
        }
        String columns = db.columnList(table);
        long restored = db.execute("INSERT INTO " + table + " (" + columns + ") SELECT " + columns + kept, writeIds);
        db.execute("DELETE" + kept, writeIds);
        return restored;
    }

    /**
     * Refuses bringing back writes whose rows are no longer kept: they brought loads, and no removed row of theirs is left
     * (dropped after the retention), naming the rollback that took them out.
     */
    public static void requireKept(RollbackSession db, String table, long[] writeIds, Duration retention) {
        if (writeIds.length == 0) {
            return;
        }
        String removed = db.tableExists(table(db, table))
                ? " AND NOT EXISTS (SELECT 1 FROM " + table(db, table) + " r WHERE r." + WRITE + " = w.id)"
                : "";
        List<Map<String, Object>> gone = db.rows(
                "SELECT w.id, n.run_id, CAST(n.written_at AS VARCHAR) AS closed_at FROM (SELECT unnest(?::BIGINT[]) AS id) w "
                        + "JOIN (SELECT write_id, max(to_write) AS closed_by FROM " + WriteEffects.TABLE
                        + " WHERE table_name = ? GROUP BY write_id) c "
                        + "ON c.write_id = w.id JOIN " + RollbackTables.WRITES + " n ON n.write_id = c.closed_by "
                        + "WHERE EXISTS (SELECT 1 FROM " + Snapshots.LOADS
                        + " l WHERE l.table_name = ? AND l.write_id = w.id)" + removed
                        + " ORDER BY w.id LIMIT 1",
                writeIds,
                table,
                table);
        if (!gone.isEmpty()) {
            throw new RollbackRefused(
                    "the rows that rollback run " + gone.get(0).get("run_id") + " took out of table " + table + " (at "
                            + gone.get(0).get("closed_at")
                            + ") are no longer kept: removed rows are kept for sluice.lake.snapshot-retention ("
                            + Snapshots.retention(retention)
                            + ") after the rollback that removed them; roll back to a later run");
        }
    }

    /** Drops the kept rows of writes out of effect since a rollback older than {@code before}. */
    public static void expire(RollbackSession db, String table, Instant before) {
        if (!db.tableExists(table(db, table))) {
            return;
        }
        db.execute(
                "DELETE FROM " + table(db, table) + " WHERE " + WRITE
                        + " IN (SELECT c.write_id FROM (SELECT write_id, max(to_write) AS closed_by, "
                        + "bool_and(to_write IS NOT NULL) AS out FROM " + WriteEffects.TABLE
                        + " WHERE table_name = ? GROUP BY write_id) c JOIN "
                        + RollbackTables.WRITES + " n ON n.write_id = c.closed_by WHERE c.out AND n.written_at < ?)",
                table,
                before);
    }
}
