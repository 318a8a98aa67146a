package io.sluice.lake.engine.rollback;

import io.sluice.lake.Sql;
import io.sluice.lake.engine.LakeSql;
import io.sluice.lake.engine.WriteOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * PARTITION_OVERWRITE: every write that changed a partition keeps a snapshot of it; a rollback restores the partitions
 * whose state at the point differs from their current one from their snapshots, and holds their current snapshots so
 * that it can be undone.
 */
public record PartitionOverwriteRollback(String partitionColumn) implements Restorer {

    /** The rows of partition {@code key}, the key bound. */
    private Sql filter(String key) {
        return Sql.of("CAST(" + partitionColumn + " AS VARCHAR) = ?", key);
    }

    @Override
    public void keep(
            RollbackSession db,
            String table,
            String staged,
            long writeId,
            Optional<String> partition,
            WriteOutcome outcome) {
        if (outcome.rowsInserted() + outcome.rowsRemoved() > 0) {
            // the partition's state before: that of its last changing write in effect
            long previous = db.queryLong(
                    "SELECT coalesce(max(w.write_id), 0) FROM " + RollbackTables.WRITES + " w JOIN "
                            + WriteEffects.TABLE
                            + " e ON e.table_name = w.table_name AND e.write_id = w.write_id AND e.to_write IS NULL WHERE w.table_name = ? "
                            + "AND w.partition_key = ? AND w.rows_inserted + w.rows_removed > 0 AND w.write_id < ?",
                    table,
                    partition.orElseThrow(),
                    writeId);
            Snapshots.leftBy(db, previous == 0 ? Optional.empty() : Optional.of(previous), writeId);
            Snapshots.keep(db, table, writeId, Optional.of(filter(partition.orElseThrow())));
        }
    }

    /**
     * A partition's rows are those of the last changing write of it among the writes in effect (or of a whole-table
     * snapshot an older release's rollback kept): the partitions of the plan's scope whose such write at the point is not
     * the current one, with the snapshot to restore (none: the partition was empty then).
     */
    private static List<Map<String, Object>> changed(RollbackSession db, String table, RollbackPlan plan) {
        long point = plan.point().writeId();
        String last = "(SELECT max(w.write_id) FROM %s w WHERE w.partition_key = k.key OR w.partition_key IS NULL)";
        return db.rows(
                "WITH changing AS (SELECT write_id, partition_key, snapshot, run_id, CAST(written_at AS VARCHAR) AS written_at FROM "
                        + RollbackTables.WRITES + " WHERE table_name = ? AND rows_inserted + rows_removed > 0), "
                        + "at_point AS (SELECT * FROM changing WHERE write_id IN (SELECT write_id FROM "
                        + WriteEffects.TABLE
                        + " WHERE table_name = ? AND from_write <= ? AND (to_write IS NULL OR to_write > ?))), "
                        + "now AS (SELECT * FROM changing WHERE write_id IN (SELECT write_id FROM " + WriteEffects.TABLE
                        + " WHERE table_name = ? AND to_write IS NULL)), "
                        + "keys AS (SELECT DISTINCT partition_key AS key FROM " + WriteEffects.TABLE
                        + " WHERE table_name = ? AND partition_key IS NOT NULL"
                        + (plan.partition().isPresent() ? " AND partition_key = ?" : "") + "), "
                        + "states AS (SELECT k.key, " + last.formatted("at_point") + " AS target, "
                        + last.formatted("now") + " AS current FROM keys k) "
                        + "SELECT s.key, s.target, s.current, t.snapshot, t.run_id, t.written_at FROM states s LEFT JOIN changing t ON t.write_id = s.target "
                        + "WHERE s.target IS DISTINCT FROM s.current ORDER BY s.key",
                plan.partition().isPresent()
                        ? new Object[] {
                            table,
                            table,
                            point,
                            point,
                            table,
                            table,
                            plan.partition().get()
                        }
                        : new Object[] {table, table, point, point, table, table});
    }

    /** Refuses a partition whose state at the point has no snapshot any more. */
    private static void requireSnapshots(String table, List<Map<String, Object>> changed, Duration retention) {
        for (Map<String, Object> c : changed) {
            if (c.get("target") != null) {
                new Snapshots.Kept(
                                ((Number) c.get("target")).longValue(),
                                (String) c.get("snapshot"),
                                (String) c.get("run_id"),
                                String.valueOf(c.get("written_at")))
                        .snapshotOrRefuse(table, " partition " + c.get("key"), retention);
            }
        }
    }

    @Override
    public void checkRestore(RollbackSession db, String table, RollbackPlan plan, Duration retention) {
        requireSnapshots(table, changed(db, table, plan), retention);
    }

    /**
     * Restores the partitions whose state at the point differs from their current one (one, or all the table ever wrote)
     * from their snapshots; their current snapshots are held, so that this can be undone.
     */
    @Override
    public WriteOutcome restore(RollbackSession db, String table, RollbackPlan plan, Instant now, Duration retention) {
        List<Map<String, Object>> changed = changed(db, table, plan);
        requireSnapshots(table, changed, retention);
        if (changed.isEmpty()) {
            return WriteOutcome.of(0, 0, 0);
        }
        String column = "CAST(" + partitionColumn + " AS VARCHAR)";
        String[] keys = changed.stream().map(c -> (String) c.get("key")).toArray(String[]::new);
        String columns = db.columnList(table);
        long removed = db.execute(
                "DELETE FROM " + table + " WHERE " + column + " IN (SELECT unnest(?::VARCHAR[]))", (Object) keys);
        long inserted = 0;
        List<Map<String, Object>> restored =
                changed.stream().filter(c -> c.get("snapshot") != null).toList();
        for (int from = 0; from < restored.size(); from += BATCH) {
            List<Map<String, Object>> batch = restored.subList(from, Math.min(restored.size(), from + BATCH));
            String union = batch.stream()
                    .map(c -> "SELECT " + columns + " FROM " + LakeSql.identifier((String) c.get("snapshot"))
                            + " WHERE " + column + " = ?")
                    .collect(Collectors.joining(" UNION ALL "));
            inserted += db.execute(
                    "INSERT INTO " + table + " (" + columns + ") " + union,
                    batch.stream().map(c -> c.get("key")).toArray());
        }
        Snapshots.hold(
                db,
                changed.stream()
                        .filter(c -> c.get("current") != null)
                        .mapToLong(c -> ((Number) c.get("current")).longValue())
                        .toArray(),
                now);
        return WriteOutcome.of(0, inserted, removed);
    }

    /** Snapshots restored per statement. */
    private static final int BATCH = 100;
}
