package io.sluice.lake.postgres;

import io.sluice.lake.LakeWrite;
import io.sluice.lake.engine.rollback.LoggedWrite;
import io.sluice.lake.engine.rollback.Snapshots;
import io.sluice.lake.engine.rollback.WriteEffects;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The PostgreSQL lake's own tables, in its schema beside the data: the write log (every published write, in the
 * publish's transaction), the loads each APPEND write brought, what rollbacks read (the writes in effect, snapshots), the one sequence that numbers writes (taken under the
 * table's write lock, so a table's versions grow in commit order) and the lake's id.
 */
final class PgWriteLog {

    static final String WRITES = "__sluice_writes";
    static final String LOADS = "__sluice_loads";
    static final String SEQUENCE = "__sluice_write_seq";
    static final String IDENTITY = "__sluice_lake";

    private PgWriteLog() {}

    /** Creates what is missing (idempotent; the caller holds the schema's lock) and returns the lake's id. */
    static String create(PgSession db, String schema, Instant now) {
        db.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
        db.execute("CREATE SEQUENCE IF NOT EXISTS " + SEQUENCE);
        db.execute(
                "CREATE TABLE IF NOT EXISTS " + WRITES + " (write_id BIGINT PRIMARY KEY, table_name VARCHAR NOT NULL,"
                        + " mode VARCHAR NOT NULL, run_id VARCHAR NOT NULL, partition_key VARCHAR,"
                        + " written_at TIMESTAMPTZ NOT NULL, system_time TIMESTAMPTZ, rows_in BIGINT NOT NULL,"
                        + " rows_inserted BIGINT NOT NULL, rows_removed BIGINT NOT NULL, current_rows BIGINT NOT NULL,"
                        + " watermark VARCHAR)");
        db.execute("CREATE INDEX IF NOT EXISTS " + WRITES + "_by_run ON " + WRITES + " (run_id, write_id)");
        db.execute("CREATE INDEX IF NOT EXISTS " + WRITES + "_by_table ON " + WRITES + " (table_name, write_id)");
        db.execute("CREATE TABLE IF NOT EXISTS " + LOADS
                + " (table_name VARCHAR NOT NULL, load_id VARCHAR NOT NULL, write_id BIGINT NOT NULL)");
        db.execute("CREATE INDEX IF NOT EXISTS " + LOADS + "_by_write ON " + LOADS + " (table_name, write_id)");
        // rollbacks: the snapshot a write kept, the writes in effect, when a state was left (lakes of releases before)
        db.execute("ALTER TABLE " + WRITES + " ADD COLUMN IF NOT EXISTS snapshot VARCHAR");
        WriteEffects.create(db);
        db.execute("CREATE INDEX IF NOT EXISTS " + WriteEffects.TABLE + "_by_table ON " + WriteEffects.TABLE
                + " (table_name, write_id)");
        Snapshots.create(db);
        WriteEffects.adoptEarlierWrites(db);
        db.execute("CREATE TABLE IF NOT EXISTS " + IDENTITY + " (only_row BOOLEAN PRIMARY KEY DEFAULT TRUE"
                + " CHECK (only_row), id VARCHAR NOT NULL, created_at TIMESTAMPTZ NOT NULL)");
        db.execute(
                "INSERT INTO " + IDENTITY + " (id, created_at) VALUES (?, ?) ON CONFLICT (only_row) DO NOTHING",
                UUID.randomUUID().toString(),
                now);
        return db.queryStrings("SELECT id FROM " + IDENTITY).get(0);
    }

    /** The next write id: taken by a publish under its table's write lock. */
    static long nextId(PgSession db) {
        return db.queryLong("SELECT nextval('" + SEQUENCE + "')");
    }

    /** Records write {@code writeId} (its id from {@link #nextId}). */
    static void record(PgSession db, long writeId, LoggedWrite w) {
        db.execute(
                "INSERT INTO " + WRITES
                        + " (write_id, table_name, mode, run_id, partition_key, written_at, system_time,"
                        + " rows_in, rows_inserted, rows_removed, current_rows, watermark)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                writeId,
                w.table(),
                w.mode(),
                w.runId(),
                w.partition().orElse(null),
                w.writtenAt(),
                w.systemTime(),
                w.rowsIn(),
                w.inserted(),
                w.removed(),
                w.currentRows(),
                w.watermark());
    }

    /** The writes of run {@code runId}, oldest first. */
    static List<LakeWrite> writesOf(PgSession db, String runId) {
        List<LakeWrite> writes = new ArrayList<>();
        for (Map<String, Object> row : db.rows(io.sluice.lake.Sql.of(
                "SELECT table_name, partition_key, mode, " + micros("written_at") + ", " + micros("system_time")
                        + ", rows_in, rows_inserted, rows_removed," + " current_rows, watermark FROM " + WRITES
                        + " WHERE run_id = ? ORDER BY write_id",
                runId))) {
            writes.add(new LakeWrite(
                    (String) row.get("table_name"),
                    (String) row.get("partition_key"),
                    (String) row.get("mode"),
                    instant(row.get("written_at")),
                    row.get("system_time") == null ? null : instant(row.get("system_time")),
                    ((Number) row.get("rows_in")).longValue(),
                    ((Number) row.get("rows_inserted")).longValue(),
                    ((Number) row.get("rows_removed")).longValue(),
                    ((Number) row.get("current_rows")).longValue(),
                    (String) row.get("watermark")));
        }
        return writes;
    }

    /** The current row count recorded by the table's previous write (of the same partition, if any). */
    static Optional<Long> previousCurrentRows(PgSession db, String table, Optional<String> partition) {
        List<String> rows = db.queryStrings(
                "SELECT current_rows FROM " + WRITES
                        + " WHERE table_name = ? AND (?::varchar IS NULL OR partition_key = ?)"
                        + " ORDER BY write_id DESC LIMIT 1",
                table,
                partition.orElse(null),
                partition.orElse(null));
        return rows.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(rows.get(0)));
    }

    /** A timestamp column as whole microseconds since the epoch, named as the column. */
    static String micros(String column) {
        return "(extract(epoch FROM " + column + ") * 1000000)::bigint AS " + column;
    }

    private static Instant instant(Object micros) {
        return Instant.EPOCH.plus(((Number) micros).longValue(), ChronoUnit.MICROS);
    }
}
