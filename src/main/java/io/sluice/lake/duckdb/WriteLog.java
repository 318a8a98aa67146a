package io.sluice.lake.duckdb;

import io.sluice.lake.LakeWrite;
import io.sluice.lake.engine.rollback.LoggedWrite;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The lake's own record of every published write, kept in DuckDB beside the data and written in the
 * same transaction: which run wrote which table (and partition), when, how many rows, at which
 * system time, and the watermark the run's step stores for it. It answers "what changed in run N", table
 * listings, rollbacks, and at start-up what a run that died with the process had published.
 */
final class WriteLog {

    static final String TABLE = "__sluice_writes";

    private WriteLog() {}

    static void create(DuckDbSession db) {
        db.execute("CREATE SEQUENCE IF NOT EXISTS __sluice_write_seq");
        db.execute(
                "CREATE TABLE IF NOT EXISTS " + TABLE + " (write_id BIGINT PRIMARY KEY, table_name VARCHAR NOT NULL, "
                        + "mode VARCHAR NOT NULL, run_id VARCHAR NOT NULL, partition_key VARCHAR, written_at TIMESTAMPTZ NOT NULL, "
                        + "system_time TIMESTAMPTZ, rows_in BIGINT NOT NULL, rows_inserted BIGINT NOT NULL, rows_removed BIGINT NOT NULL, "
                        + "current_rows BIGINT NOT NULL, snapshot VARCHAR, watermark VARCHAR)");
        // lake files of releases before start-up recovery read the write log: the watermark a publish's step stores
        db.execute("ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS watermark VARCHAR");
    }

    /** Records a write, with the watermark its step stores once it is recorded (null for none); returns its id. */
    static long record(DuckDbSession db, LoggedWrite w) {
        long id = db.queryLong("SELECT nextval('__sluice_write_seq')");
        String sql = "INSERT INTO " + TABLE
                + " (write_id, table_name, mode, run_id, partition_key, written_at, system_time, rows_in, "
                + "rows_inserted, rows_removed, current_rows, watermark) VALUES (?, ?, ?, ?, ?, CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ), "
                + "?, ?, ?, ?, ?)";
        try (PreparedStatement ps = db.connection().prepareStatement(sql)) {
            ps.setLong(1, id);
            ps.setString(2, w.table());
            ps.setString(3, w.mode());
            ps.setString(4, w.runId());
            ps.setString(5, w.partition().orElse(null));
            ps.setString(6, w.writtenAt().toString());
            ps.setString(7, w.systemTime() == null ? null : w.systemTime().toString());
            ps.setLong(8, w.rowsIn());
            ps.setLong(9, w.inserted());
            ps.setLong(10, w.removed());
            ps.setLong(11, w.currentRows());
            ps.setString(12, w.watermark());
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "lake write log: recording the write of run " + w.runId() + " to " + w.table() + " failed: "
                            + e.getMessage(),
                    e);
        }
        return id;
    }

    /** The writes of run {@code runId}, oldest first. */
    static List<LakeWrite> writesOf(DuckDbSession db, String runId) {
        String sql =
                "SELECT table_name, partition_key, mode, epoch_us(written_at), epoch_us(system_time), rows_in, rows_inserted, rows_removed, "
                        + "current_rows, watermark FROM " + TABLE + " WHERE run_id = ? ORDER BY write_id";
        try (PreparedStatement ps = db.connection().prepareStatement(sql)) {
            ps.setString(1, runId);
            List<LakeWrite> writes = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long systemTime = rs.getLong(5);
                    boolean noSystemTime = rs.wasNull();
                    writes.add(new LakeWrite(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            micros(rs.getLong(4)),
                            noSystemTime ? null : micros(systemTime),
                            rs.getLong(6),
                            rs.getLong(7),
                            rs.getLong(8),
                            rs.getLong(9),
                            rs.getString(10)));
                }
            }
            return writes;
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "lake write log: reading the writes of run " + runId + " failed: " + e.getMessage(), e);
        }
    }

    static Instant micros(String epochMicros) {
        return micros(Long.parseLong(epochMicros));
    }

    static Instant micros(long epochMicros) {
        return Instant.EPOCH.plus(epochMicros, ChronoUnit.MICROS);
    }

    static void setSnapshot(DuckDbSession db, long writeId, String snapshot) {
        db.update("UPDATE " + TABLE + " SET snapshot = ? WHERE write_id = ?", snapshot, writeId);
    }

    /** The current row count recorded by the table's previous write (of the same partition, if any). */
    static Optional<Long> previousCurrentRows(DuckDbSession db, String table, Optional<String> partition) {
        String sql = "SELECT current_rows::VARCHAR FROM " + TABLE + " WHERE table_name = ?"
                + (partition.isPresent() ? " AND partition_key = ?" : "") + " ORDER BY write_id DESC LIMIT 1";
        List<String> rows = partition.isPresent() ? db.strings(sql, table, partition.get()) : db.strings(sql, table);
        return rows.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(rows.get(0)));
    }

    static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    static String timestamp(Instant instant) {
        return "TIMESTAMPTZ '" + instant + "'";
    }
}
