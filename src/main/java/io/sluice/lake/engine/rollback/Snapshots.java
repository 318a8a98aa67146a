package io.sluice.lake.engine.rollback;

import io.sluice.lake.Sql;
import io.sluice.lake.engine.LakeSql;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The kept states of tables that are not bi-temporal, for rollback: after every write that changed an
 * UPSERT table its rows are copied (for PARTITION_OVERWRITE only the written partition), and APPEND
 * tables remember which write brought each load. A snapshot is kept while it is the current state of its table (of its
 * partition), and for the retention after the table last left that state, by a later changing write or a rollback
 * ({@link #HOLDS}); so every write and every rollback can be undone for at least the retention.
 */
public final class Snapshots {

    public static final String LOADS = "__sluice_loads";
    /** When a table (or partition) left the state of a write (by a later changing write or a rollback): kept for the retention from then. */
    public static final String HOLDS = "__sluice_snapshot_holds";

    private static final String PREFIX = "__snap_";

    private Snapshots() {}

    public static void create(RollbackSession db) {
        db.execute("CREATE TABLE IF NOT EXISTS " + LOADS
                + " (table_name VARCHAR NOT NULL, load_id VARCHAR NOT NULL, write_id BIGINT NOT NULL)");
        db.execute(
                "CREATE TABLE IF NOT EXISTS " + HOLDS + " (write_id BIGINT NOT NULL, held_since TIMESTAMPTZ NOT NULL)");
    }

    /**
     * Copies the table (or the rows {@code partitionFilter}, a condition with bound values, selects) as it is after write
     * {@code writeId}.
     */
    public static void keep(RollbackSession db, String table, long writeId, Optional<Sql> partitionFilter) {
        // PostgreSQL cuts names at 63 bytes, which could cut off the write id: a long name ends in a hash of all of it
        String snapshot = RollbackTables.fitted(PREFIX + table + "_" + writeId);
        if (partitionFilter.isEmpty()) {
            db.execute("CREATE TABLE " + snapshot + " AS SELECT * FROM " + table);
        } else {
            // PostgreSQL binds no values in CREATE TABLE AS (a utility statement): create it empty, then fill it
            db.execute("CREATE TABLE " + snapshot + " AS SELECT * FROM " + table + " LIMIT 0");
            db.execute(
                    partitionFilter.get().wrap("INSERT INTO " + snapshot + " SELECT * FROM " + table + " WHERE ", ""));
        }
        db.execute("UPDATE " + RollbackTables.WRITES + " SET snapshot = ? WHERE write_id = ?", snapshot, writeId);
    }

    /**
     * Records the loads an APPEND write brought: those of its staged rows that no write in effect had brought (a load a
     * rollback took out is brought again by a later write as a load of that write).
     */
    public static void recordLoads(RollbackSession db, String table, String staged, String loadColumn, long writeId) {
        db.execute(
                "INSERT INTO " + LOADS + " SELECT DISTINCT ?, CAST(s." + loadColumn + " AS VARCHAR), ? FROM " + staged
                        + " s WHERE NOT EXISTS "
                        + "(SELECT 1 FROM " + LOADS + " l JOIN " + WriteEffects.TABLE
                        + " e ON e.table_name = l.table_name AND e.write_id = l.write_id "
                        + "AND e.to_write IS NULL WHERE l.table_name = ? AND l.load_id = CAST(s." + loadColumn
                        + " AS VARCHAR))",
                table,
                writeId,
                table);
    }

    /** A write that changed a table, with its snapshot (null once expired), run and time. */
    public record Kept(long writeId, String snapshot, String runId, String writtenAt) {

        public static Optional<Kept> of(List<Map<String, Object>> rows) {
            if (rows.isEmpty() || rows.get(0).get("write_id") == null) {
                return Optional.empty();
            }
            Map<String, Object> r = rows.get(0);
            return Optional.of(new Kept(
                    ((Number) r.get("write_id")).longValue(),
                    (String) r.get("snapshot"),
                    (String) r.get("run_id"),
                    String.valueOf(r.get("written_at"))));
        }

        /** The snapshot, or a refusal saying that it has expired. */
        public String snapshotOrRefuse(String table, String what, Duration retention) {
            if (snapshot == null) {
                throw new RollbackRefused(
                        "the state of table " + table + what + " after the write of run " + runId + " (at " + writtenAt
                                + ") is no longer kept: a state is kept while it is current and for sluice.lake.snapshot-retention ("
                                + retention(retention) + ") after the table left it; roll back to a later run");
            }
            return snapshot;
        }
    }

    /** A retention as people say it: {@code 7 days} rather than {@code PT168H}. */
    public static String retention(Duration retention) {
        return retention.toSeconds() % 86_400 == 0
                ? retention.toDays() + (retention.toDays() == 1 ? " day" : " days")
                : retention.toString();
    }

    /** The last write at or before {@code writeId} that changed the whole table (UPSERT), if any. */
    public static Optional<Kept> latest(RollbackSession db, String table, long writeId) {
        return Kept.of(db.rows(
                "SELECT write_id, snapshot, run_id, CAST(written_at AS VARCHAR) AS written_at FROM "
                        + RollbackTables.WRITES
                        + " WHERE table_name = ? AND write_id <= ? AND rows_inserted + rows_removed > 0 ORDER BY write_id DESC LIMIT 1",
                table,
                writeId));
    }

    /** The table (or partition) left the states of these writes at {@code now} (a rollback moved away from them). */
    public static void hold(RollbackSession db, long[] writeIds, Instant now) {
        if (writeIds.length > 0) {
            db.execute("INSERT INTO " + HOLDS + " SELECT unnest(?::BIGINT[]), ?", writeIds, now);
        }
    }

    /** The table (or partition) left the state of write {@code left} by write {@code by}, at the time of that write. */
    public static void leftBy(RollbackSession db, Optional<Long> left, long by) {
        left.ifPresent(w -> db.execute(
                "INSERT INTO " + HOLDS + " SELECT ?, written_at FROM " + RollbackTables.WRITES + " WHERE write_id = ?",
                w,
                by));
    }

    /**
     * Drops the snapshots that are no longer kept: of states that are not current (the last changing write of an UPSERT table,
     * the last changing write in effect of a partition of a PARTITION_OVERWRITE table) and that the table left longer than
     * {@code retention} ago (snapshots of older releases without a record of that: written longer ago).
     */
    public static void expire(RollbackSession db, Instant now, Duration retention) {
        if (!db.expiryTurn()) {
            return;
        }
        Instant before = now.minus(retention);
        String expired =
                " FROM " + RollbackTables.WRITES + " w WHERE snapshot IS NOT NULL AND write_id NOT IN (" + CURRENT
                        + ") AND coalesce((SELECT " + "max(h.held_since) FROM " + HOLDS
                        + " h WHERE h.write_id = w.write_id), written_at) < ?";
        for (String snapshot : db.queryStrings("SELECT snapshot" + expired + " ORDER BY snapshot", before)) {
            db.execute("DROP TABLE IF EXISTS " + LakeSql.identifier(snapshot));
        }
        db.execute(
                "UPDATE " + RollbackTables.WRITES + " SET snapshot = NULL WHERE write_id IN (SELECT write_id" + expired
                        + ")",
                before);
    }

    /** The writes whose snapshots are the current states of their tables or partitions. */
    private static final String CURRENT = "SELECT max(write_id) FROM " + RollbackTables.WRITES
            + " WHERE mode = 'UPSERT' AND rows_inserted + rows_removed > 0 "
            + "GROUP BY table_name UNION ALL SELECT max(c.write_id) FROM " + RollbackTables.WRITES + " c JOIN "
            + WriteEffects.TABLE + " e ON "
            + "e.table_name = c.table_name AND e.write_id = c.write_id AND e.to_write IS NULL WHERE c.mode = 'PARTITION_OVERWRITE' "
            + "AND c.partition_key IS NOT NULL AND c.rows_inserted + c.rows_removed > 0 GROUP BY c.table_name, c.partition_key";
}
