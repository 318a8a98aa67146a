package io.sluice.lake.duckdb;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The kept states of tables that are not bi-temporal, for rollback: after every write that changed an
 * UPSERT table its rows are copied (for PARTITION_OVERWRITE only the written partition), and APPEND
 * tables remember which write brought each load. Snapshots older than the retention are dropped.
 */
final class Snapshots {

    static final String LOADS = "__sluice_loads";
    private static final String PREFIX = "__snap_";

    private Snapshots() {
    }

    static void create(DuckDbSession db) {
        db.execute("CREATE TABLE IF NOT EXISTS " + LOADS + " (table_name VARCHAR NOT NULL, load_id VARCHAR NOT NULL, write_id BIGINT NOT NULL)");
    }

    /** Copies the table (or the partition {@code partitionFilter} selects) as it is after write {@code writeId}. */
    static void keep(DuckDbSession db, String table, long writeId, Optional<String> partitionFilter) {
        String snapshot = PREFIX + table + "_" + writeId;
        db.execute("CREATE TABLE " + snapshot + " AS SELECT * FROM " + table + partitionFilter.map(f -> " WHERE " + f).orElse(""));
        WriteLog.setSnapshot(db, writeId, snapshot);
    }

    /** Records the loads an APPEND write brought (those not seen before). */
    static void recordLoads(DuckDbSession db, String table, String staged, String loadColumn, long writeId) {
        db.execute("INSERT INTO " + LOADS + " SELECT DISTINCT " + WriteLog.literal(table) + ", CAST(s." + loadColumn + " AS VARCHAR), "
                + writeId + " FROM " + staged + " s WHERE NOT EXISTS (SELECT 1 FROM " + LOADS + " l WHERE l.table_name = "
                + WriteLog.literal(table) + " AND l.load_id = CAST(s." + loadColumn + " AS VARCHAR))");
    }

    /** The snapshot of the last write at or before {@code writeId} that changed the table (or partition); empty: none. */
    static Optional<String> latest(DuckDbSession db, String table, long writeId, Optional<String> partition) {
        List<java.util.Map<String, Object>> rows = db.queryRows("SELECT write_id, snapshot, rows_inserted + rows_removed AS changed FROM "
                + WriteLog.TABLE + " WHERE table_name = " + WriteLog.literal(table) + " AND write_id <= " + writeId
                + partition.map(p -> " AND partition_key = " + WriteLog.literal(p)).orElse("")
                + " AND (snapshot IS NOT NULL OR rows_inserted + rows_removed > 0) ORDER BY write_id DESC LIMIT 1");
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Object snapshot = rows.get(0).get("snapshot");
        if (snapshot == null) {
            throw new RollbackRefused("the snapshot of table " + table + " after write " + rows.get(0).get("write_id")
                    + " is no longer kept (older than the retention); roll back to a later run");
        }
        return Optional.of(snapshot.toString());
    }

    /** Drops snapshots older than {@code retention}. */
    static void expire(DuckDbSession db, Instant now, Duration retention) {
        String before = WriteLog.timestamp(now.minus(retention));
        for (String snapshot : db.queryStrings("SELECT snapshot FROM " + WriteLog.TABLE + " WHERE snapshot IS NOT NULL AND written_at < " + before)) {
            db.execute("DROP TABLE IF EXISTS " + snapshot);
        }
        db.execute("UPDATE " + WriteLog.TABLE + " SET snapshot = NULL WHERE snapshot IS NOT NULL AND written_at < " + before);
    }
}
