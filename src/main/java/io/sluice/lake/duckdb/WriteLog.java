package io.sluice.lake.duckdb;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The lake's own record of every published write, kept in DuckDB beside the data and written in the
 * same transaction: which run wrote which table (and partition), when, how many rows, and at which
 * system time. It answers "what changed in run N", table listings and rollbacks.
 */
final class WriteLog {

    static final String TABLE = "__sluice_writes";

    private WriteLog() {
    }

    static void create(DuckDbSession db) {
        db.execute("CREATE SEQUENCE IF NOT EXISTS __sluice_write_seq");
        db.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (write_id BIGINT PRIMARY KEY, table_name VARCHAR NOT NULL, "
                + "mode VARCHAR NOT NULL, run_id VARCHAR NOT NULL, partition_key VARCHAR, written_at TIMESTAMPTZ NOT NULL, "
                + "system_time TIMESTAMPTZ, rows_in BIGINT NOT NULL, rows_inserted BIGINT NOT NULL, rows_removed BIGINT NOT NULL, "
                + "current_rows BIGINT NOT NULL, snapshot VARCHAR)");
    }

    /** Records a write; returns its id. */
    static long record(DuckDbSession db, String table, String mode, String runId, Optional<String> partition, Instant writtenAt,
                       Instant systemTime, long rowsIn, long inserted, long removed, long currentRows) {
        long id = db.queryLong("SELECT nextval('__sluice_write_seq')");
        db.execute("INSERT INTO " + TABLE + " VALUES (" + id + ", " + literal(table) + ", " + literal(mode) + ", " + literal(runId) + ", "
                + partition.map(WriteLog::literal).orElse("NULL") + ", " + timestamp(writtenAt) + ", "
                + (systemTime == null ? "NULL" : timestamp(systemTime)) + ", " + rowsIn + ", " + inserted + ", " + removed + ", "
                + currentRows + ", NULL)");
        return id;
    }

    /**
     * Resolves a rollback target to the table's last write at or before it.
     *
     * @throws RollbackRefused when the run never wrote the table (or partition), or the table had no write at or before the
     *                         system time
     */
    static RollbackPoint resolve(DuckDbSession db, String table, io.sluice.catalog.RollbackTarget target, Optional<String> partition) {
        String ofTable = " FROM " + TABLE + " WHERE table_name = ?";
        long writeId;
        Instant systemTime;
        if (target.run().isPresent()) {
            String run = target.run().get();
            // a partition's state after a run is that after the run's last write of it, of a range holding it or of the whole table
            writeId = partition.isPresent()
                    ? db.longValue("SELECT coalesce(max(write_id), 0)" + ofTable + " AND run_id = ? AND (partition_key IS NULL OR "
                            + WriteEffects.covers() + ")", table, run, partition.get(), partition.get(), partition.get())
                    : db.longValue("SELECT coalesce(max(write_id), 0)" + ofTable + " AND run_id = ?", table, run);
            if (writeId == 0) {
                throw new RollbackRefused("run " + run + " did not write table " + table + partition.map(p -> " partition " + p).orElse(""));
            }
            List<String> t = db.strings("SELECT epoch_us(max(system_time))::VARCHAR" + ofTable + " AND write_id <= ?", table, writeId);
            systemTime = t.isEmpty() || t.get(0) == null ? null : micros(t.get(0));
        } else {
            Instant at = target.systemTime().orElseThrow();
            writeId = db.longValue("SELECT coalesce(max(write_id), 0)" + ofTable + " AND written_at <= ?", table, at);
            if (writeId == 0) {
                // before the first write the table held nothing: rolling back there would empty it, which no one asks by accident
                List<String> first = db.strings("SELECT epoch_us(min(written_at))::VARCHAR" + ofTable, table);
                throw new RollbackRefused("table " + table + " had no write at or before " + at
                        + (first.isEmpty() || first.get(0) == null ? "" : "; its first write was at " + micros(first.get(0))));
            }
            systemTime = at;
        }
        return new RollbackPoint(writeId, systemTime);
    }

    static Instant micros(String epochMicros) {
        return Instant.EPOCH.plus(Long.parseLong(epochMicros), java.time.temporal.ChronoUnit.MICROS);
    }

    static void setSnapshot(DuckDbSession db, long writeId, String snapshot) {
        db.execute("UPDATE " + TABLE + " SET snapshot = " + literal(snapshot) + " WHERE write_id = " + writeId);
    }

    /** The current row count recorded by the table's previous write (of the same partition, if any). */
    static Optional<Long> previousCurrentRows(DuckDbSession db, String table, Optional<String> partition) {
        List<String> rows = db.queryStrings("SELECT current_rows::VARCHAR FROM " + TABLE + " WHERE table_name = " + literal(table)
                + partition.map(p -> " AND partition_key = " + literal(p)).orElse("") + " ORDER BY write_id DESC LIMIT 1");
        return rows.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(rows.get(0)));
    }

    static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    static String timestamp(Instant instant) {
        return "TIMESTAMPTZ '" + instant + "'";
    }
}
