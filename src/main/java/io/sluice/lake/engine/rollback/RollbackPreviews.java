package io.sluice.lake.engine.rollback;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.LakeTables.RollbackPreview;
import io.sluice.lake.LakeTables.WriteSummary;
import io.sluice.lake.RollbackTarget;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** What a rollback of a whole table would do, worked out without changing anything, the same on every engine. */
public final class RollbackPreviews {

    private RollbackPreviews() {}

    /** Runs read-only work on the engine's session (a read of the lake). */
    @FunctionalInterface
    public interface Reader {
        RollbackPreview read(Function<RollbackSession, RollbackPreview> work);
    }

    /**
     * The preview of {@link LakeTables#rollbackPreview}: of a table an asset declares ({@code tables} finds it,
     * {@code declared} names its asset), read through {@code reader}, then refused with what the rollback itself would
     * check ({@link Lake#rollbackProblem}: the snapshot or the removed rows it needs are still kept).
     */
    public static RollbackPreview of(
            LakeTables tables, DeclaredTables declared, Lake lake, String name, RollbackTarget target, Reader reader) {
        LakeTables.TableInfo info =
                tables.table(name).orElseThrow(() -> new IllegalArgumentException("no lake table '" + name + "'"));
        DeclaredTables.Declared spec = declared.declared(info.name())
                .orElseThrow(() -> new LakeTables.UnsupportedRead(
                        "name", "no asset declares table " + info.name() + ", so Sluice wrote nothing to roll back"));
        RollbackPreview preview = reader.read(db -> preview(db, info.name(), target, info.currentRows()));
        if (preview.problem().isPresent()) {
            return preview;
        }
        return lake.rollbackProblem(spec.table(), target, Optional.empty())
                .map(preview::refused)
                .orElse(preview);
    }

    /**
     * The preview of rolling {@code table} (holding {@code currentRows} rows now) back to {@code target}, from the write
     * log and the writes in effect; refused with the reason when the target did not write it. Whether what the rollback
     * needs is still kept is the lake's {@code rollbackProblem}, which the caller asks after this.
     */
    public static RollbackPreview preview(RollbackSession db, String table, RollbackTarget target, long currentRows) {
        RollbackPoint point;
        try {
            point = RollbackTargets.resolve(db, table, target, Optional.empty());
        } catch (RollbackRefused e) {
            return new RollbackPreview(
                    table,
                    target,
                    Optional.empty(),
                    List.of(),
                    List.of(),
                    currentRows,
                    currentRows,
                    List.of(),
                    Optional.empty(),
                    Optional.of(e.getMessage()));
        }
        WriteEffects.Change change = WriteEffects.change(db, table, point.writeId(), Optional.empty());
        Optional<WriteSummary> restored =
                summaries(db, new long[] {point.writeId()}).stream().findFirst();
        long[] closed = change.closedIds();
        long[] reopened = change.reopenedIds();
        return new RollbackPreview(
                table,
                target,
                restored,
                summaries(db, closed),
                summaries(db, reopened),
                currentRows,
                restored.map(WriteSummary::currentRows).orElse(0L),
                // once rolled back, the writes in effect are those in effect right after the restored write
                RollbackRecord.watermarks(
                        db, table, point.writeId(), RollbackRecord.affected(db, table, closed, reopened)),
                RollbackRecord.changedSince(db, table, closed, reopened, Long.MAX_VALUE),
                change.isEmpty()
                        ? Optional.of(
                                "table " + table + " is already in the state it would go back to (" + target + ")")
                        : Optional.empty());
    }

    /** The write log's latest {@code limit} entries of {@code table} (its versions), newest first. */
    public static List<WriteSummary> history(RollbackSession db, String table, int limit) {
        return summaries(db.rows(
                "SELECT write_id, run_id, partition_key, " + db.epochMicros("written_at")
                        + " AS written_at, rows_inserted, rows_removed, current_rows FROM " + RollbackTables.WRITES
                        + " WHERE table_name = ? ORDER BY write_id DESC LIMIT ?",
                table,
                limit));
    }

    /** The write log's entries of {@code ids}, oldest first: one set-based query, the ids bound as one list. */
    private static List<WriteSummary> summaries(RollbackSession db, long[] ids) {
        if (ids.length == 0) {
            return List.of();
        }
        return summaries(db.rows(
                "SELECT write_id, run_id, partition_key, " + db.epochMicros("written_at")
                        + " AS written_at, rows_inserted, "
                        + "rows_removed, current_rows FROM " + RollbackTables.WRITES
                        + " WHERE write_id IN (SELECT unnest(?::BIGINT[])) ORDER BY write_id",
                ids));
    }

    private static List<WriteSummary> summaries(List<java.util.Map<String, Object>> rows) {
        return rows.stream()
                .map(r -> new WriteSummary(
                        ((Number) r.get("write_id")).longValue(),
                        (String) r.get("run_id"),
                        (String) r.get("partition_key"),
                        instant(r.get("written_at")),
                        ((Number) r.get("rows_inserted")).longValue(),
                        ((Number) r.get("rows_removed")).longValue(),
                        ((Number) r.get("current_rows")).longValue()))
                .toList();
    }

    /** An instant from epoch microseconds. */
    private static Instant instant(Object micros) {
        return micros == null ? null : Instant.EPOCH.plus(Long.parseLong(micros.toString()), ChronoUnit.MICROS);
    }
}
