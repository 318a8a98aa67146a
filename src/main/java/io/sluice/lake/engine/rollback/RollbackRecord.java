package io.sluice.lake.engine.rollback;

import io.sluice.lake.Publication;
import io.sluice.lake.RollbackOutcome;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a rollback write did, read back from the write log and the writes in effect ({@link WriteEffects}), which keep
 * everything needed: the writes it took out of effect ({@code to_write} is the rollback) and brought back (a stretch from
 * the rollback on). The rollback itself answers with this, in its transaction, and start-up recovery reads the same
 * answer for a rollback whose run died before the metadata store heard of it, so both record the same.
 */
public final class RollbackRecord {

    private RollbackRecord() {}

    /** The outcome of rollback write {@code write} of {@code table}. */
    public static RollbackOutcome read(RollbackSession db, String table, long write) {
        Map<String, Object> logged = db.rows(
                        "SELECT rows_inserted, rows_removed, " + db.epochMicros("system_time")
                                + " AS system_time, current_rows FROM " + RollbackTables.WRITES + " WHERE write_id = ?",
                        write)
                .get(0);
        Object systemTime = logged.get("system_time");
        long inserted = number(logged.get("rows_inserted"));
        long removed = number(logged.get("rows_removed"));
        Publication publication = new Publication(
                true,
                null,
                0,
                inserted,
                removed,
                systemTime == null ? null : RollbackTables.micros(Long.parseLong(systemTime.toString())),
                number(logged.get("current_rows")),
                List.of());
        String partitions = "SELECT DISTINCT partition_key FROM " + WriteEffects.TABLE
                + " WHERE table_name = ? AND partition_key IS NOT NULL AND %s ORDER BY 1";
        List<String> before = db.queryStrings(
                partitions.formatted("from_write < ? AND (to_write IS NULL OR to_write >= ?)"), table, write, write);
        List<String> after = db.queryStrings(
                partitions.formatted("from_write <= ? AND (to_write IS NULL OR to_write > ?)"), table, write, write);
        long[] closed = ids(db, "to_write = ?", table, write);
        long[] reopened = ids(db, "from_write = ? AND write_id <> ?", table, write, write);
        return new RollbackOutcome(
                publication,
                before,
                after,
                watermarks(db, table, write, affected(db, table, closed, reopened)),
                changedSince(db, table, closed, reopened, write));
    }

    /**
     * The outcome of run {@code runId}'s rollback of {@code table}: its last rollback write of the table (a write that is
     * itself never in effect, unlike a publish), if it made one.
     */
    public static Optional<RollbackOutcome> ofRun(RollbackSession db, String table, String runId) {
        if (!db.tableExists(RollbackTables.WRITES)) {
            return Optional.empty();
        }
        long write = db.queryLong(
                "SELECT coalesce(max(w.write_id), 0) FROM " + RollbackTables.WRITES + " w WHERE w.table_name = ? "
                        + "AND w.run_id = ? AND NOT EXISTS (SELECT 1 FROM " + WriteEffects.TABLE
                        + " e WHERE e.table_name = w.table_name AND e.write_id = w.write_id)",
                table,
                runId);
        return write == 0 ? Optional.empty() : Optional.of(read(db, table, write));
    }

    /**
     * The watermark of each partition (key or range, null: the whole table) once the table's state is that right after
     * write {@code after}: its latest write in effect then that recorded one, or none (null).
     */
    public static List<RollbackOutcome.Watermark> watermarks(
            RollbackSession db, String table, long after, List<Optional<String>> partitions) {
        if (partitions.isEmpty()) {
            return List.of();
        }
        List<String> keys = partitions.stream().flatMap(Optional::stream).toList();
        boolean whole = partitions.stream().anyMatch(Optional::isEmpty);
        List<Map<String, Object>> rows = db.rows(
                "SELECT p.partition_key, (SELECT w.watermark FROM " + WriteEffects.TABLE + " e JOIN "
                        + RollbackTables.WRITES
                        + " w ON w.write_id = e.write_id WHERE e.table_name = ? AND e.from_write <= ? "
                        + "AND (e.to_write IS NULL OR e.to_write > ?) AND w.watermark IS NOT NULL "
                        + "AND e.partition_key IS NOT DISTINCT FROM p.partition_key ORDER BY e.write_id DESC LIMIT 1) "
                        + "AS watermark FROM (SELECT unnest(?::VARCHAR[]) AS partition_key"
                        + (whole ? " UNION ALL SELECT NULL" : "") + ") p ORDER BY 1 NULLS FIRST",
                table,
                after,
                after,
                keys.toArray(String[]::new));
        List<RollbackOutcome.Watermark> marks = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            marks.add(new RollbackOutcome.Watermark((String) r.get("partition_key"), (String) r.get("watermark")));
        }
        return marks;
    }

    /** The partitions (key, range or the whole table) of the writes a rollback takes out of effect or brings back. */
    public static List<Optional<String>> affected(RollbackSession db, String table, long[] closed, long[] reopened) {
        List<Optional<String>> partitions = new ArrayList<>();
        for (Map<String, Object> r : db.rows(
                "SELECT DISTINCT partition_key FROM " + RollbackTables.WRITES
                        + " WHERE table_name = ? AND (write_id IN (SELECT unnest(?::BIGINT[])) "
                        + "OR write_id IN (SELECT unnest(?::BIGINT[]))) ORDER BY 1 NULLS FIRST",
                table,
                closed,
                reopened)) {
            partitions.add(Optional.ofNullable((String) r.get("partition_key")));
        }
        return partitions;
    }

    /**
     * When the table first left the state a rollback restores: the earliest of the writes it takes out of effect and of
     * the rollbacks (before write {@code before}) that had taken out the writes it brings back.
     */
    public static Optional<Instant> changedSince(
            RollbackSession db, String table, long[] closed, long[] reopened, long before) {
        List<String> at = db.queryStrings(
                "SELECT CAST(" + db.epochMicros("min(t)") + " AS VARCHAR) FROM (SELECT written_at AS t FROM "
                        + RollbackTables.WRITES
                        + " WHERE write_id IN (SELECT unnest(?::BIGINT[])) UNION ALL SELECT w.written_at FROM "
                        + RollbackTables.WRITES + " w WHERE w.write_id IN (SELECT max(to_write) FROM "
                        + WriteEffects.TABLE
                        + " WHERE table_name = ? AND to_write < ? AND write_id IN (SELECT unnest(?::BIGINT[])) "
                        + "GROUP BY write_id)) u",
                closed,
                table,
                before,
                reopened);
        return at.isEmpty() || at.get(0) == null ? Optional.empty() : Optional.of(RollbackTables.micros(at.get(0)));
    }

    private static long[] ids(RollbackSession db, String condition, Object... params) {
        return db
                .rows(
                        "SELECT DISTINCT write_id FROM " + WriteEffects.TABLE + " WHERE table_name = ? AND " + condition
                                + " ORDER BY 1",
                        params)
                .stream()
                .mapToLong(r -> number(r.get("write_id")))
                .toArray();
    }

    private static long number(Object value) {
        return ((Number) value).longValue();
    }
}
