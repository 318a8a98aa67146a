package io.sluice.runs.store;

import io.sluice.runs.Fence;
import io.sluice.runs.Materialization;
import io.sluice.runs.PartitionState;
import io.sluice.runs.RunRecords;
import io.sluice.store.SqlDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Writes {@link RunRecords} on the caller's connection (and so in its transaction) with one batched
 * statement per kind of row, instead of one entity and one round trip per row.
 */
final class RecordsWriter {

    private final Connection connection;

    RecordsWriter(Connection connection) {
        this.connection = connection;
    }

    /**
     * Run rows first, in ascending id order, then the rows that belong to runs: the lock order of {@link QueuedRunCancel},
     * so a worker's records and a cancel never wait for each other in a circle.
     */
    void write(RunRecords records) throws SQLException {
        ends(records, null);
        rest(records);
    }

    /**
     * Stores the records of the runs that pass the fence and returns the others (lost). Its first statement locks the
     * runs' rows by ascending id, where they are STARTED and owned by the fence's node; a run not found, or at another
     * epoch, was taken over (or handed back and claimed again), and nothing of it is stored. Ends are conditional on
     * the same owner and epoch.
     */
    Set<String> write(RunRecords records, Fence fence) throws SQLException {
        Set<String> touched = records.runIds();
        Map<String, Long> held = new HashMap<>();
        List<String> ids = new ArrayList<>(touched);
        for (int from = 0; from < ids.size(); from += 500) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + 500));
            try (PreparedStatement lock = connection.prepareStatement("SELECT id, lease_epoch FROM run WHERE id IN ("
                    + String.join(", ", Collections.nCopies(chunk.size(), "?"))
                    + ") AND status = 'STARTED' AND owner_node = ? ORDER BY id FOR UPDATE")) {
                int i = 1;
                for (String id : chunk) {
                    lock.setString(i++, id);
                }
                lock.setString(i, fence.node());
                try (ResultSet rs = lock.executeQuery()) {
                    while (rs.next()) {
                        held.put(rs.getString(1), rs.getLong(2));
                    }
                }
            }
        }
        Set<String> lost = new TreeSet<>();
        for (String id : touched) {
            if (!fence.covers(id) || !Long.valueOf(fence.epoch(id)).equals(held.get(id))) {
                lost.add(id);
            }
        }
        RunRecords kept = lost.isEmpty() ? records : records.without(lost);
        ends(kept, fence);
        rest(kept);
        return lost;
    }

    private void rest(RunRecords records) throws SQLException {
        steps(records);
        logs(records);
        materializations(records);
        partitions(records);
        watermarks(records);
        releases(records);
        ClaimRows.releaseSlots(
                connection,
                records.ends().stream().map(RunRecords.RunEnd::runId).toList());
    }

    /**
     * Stores the watermark changes as they leave each asset partition, in a statement per kind: every watermark of an
     * asset reset first, then those stored, then those removed.
     */
    private void watermarks(RunRecords records) throws SQLException {
        if (records.watermarks().isEmpty()) {
            return;
        }
        Map<String, RunRecords.WatermarkChange> last = new LinkedHashMap<>();
        Set<String> reset = new LinkedHashSet<>();
        for (RunRecords.WatermarkChange c : records.watermarks()) {
            String asset = c.asset().toString();
            if (c.all()) {
                reset.add(asset);
                last.keySet().removeIf(k -> k.startsWith(asset + "\n"));
            } else {
                last.put(asset + "\n" + c.partition(), c);
            }
        }
        if (!reset.isEmpty()) {
            try (PreparedStatement ps = connection.prepareStatement("DELETE FROM watermark WHERE asset_key = ?")) {
                for (String asset : reset) {
                    ps.setString(1, asset);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
        List<RunRecords.WatermarkChange> stored =
                last.values().stream().filter(c -> c.value() != null).toList();
        if (!stored.isEmpty()) {
            try (PreparedStatement ps = connection.prepareStatement(SqlDialect.of(connection)
                    .upsert(
                            "watermark",
                            "asset_key, partition_key",
                            "asset_key, partition_key, wm_value, run_id, updated_at"))) {
                for (RunRecords.WatermarkChange c : stored) {
                    ps.setString(1, c.asset().toString());
                    ps.setString(2, c.partition());
                    ps.setString(3, c.value());
                    ps.setString(4, c.runId());
                    time(ps, 5, c.ts());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
        List<RunRecords.WatermarkChange> removed =
                last.values().stream().filter(c -> c.value() == null).toList();
        if (!removed.isEmpty()) {
            try (PreparedStatement ps =
                    connection.prepareStatement("DELETE FROM watermark WHERE asset_key = ? AND partition_key = ?")) {
                for (RunRecords.WatermarkChange c : removed) {
                    ps.setString(1, c.asset().toString());
                    ps.setString(2, c.partition());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
    }

    private void steps(RunRecords records) throws SQLException {
        if (records.steps().isEmpty()) {
            return;
        }
        try (PreparedStatement ps = connection.prepareStatement(
                "UPDATE run_step SET status = ?, started_at = ?, ended_at = ?, key_count = ?, "
                        + "batch_count = ?, rows_written = ?, error = ? WHERE run_id = ? AND step_index = ?")) {
            for (RunRecords.StepRecord s : records.steps()) {
                ps.setString(1, s.step().status().name());
                time(ps, 2, s.step().startedAt());
                time(ps, 3, s.step().endedAt());
                ps.setLong(4, s.step().keyCount());
                ps.setLong(5, s.step().batchCount());
                ps.setLong(6, s.step().rowsWritten());
                text(ps, 7, s.step().error());
                ps.setString(8, s.runId());
                ps.setInt(9, s.step().index());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private void logs(RunRecords records) throws SQLException {
        if (records.logs().isEmpty()) {
            return;
        }
        try (PreparedStatement ps = connection.prepareStatement(
                "INSERT INTO run_log (run_id, ts, log_level, asset_key, message) VALUES (?, ?, ?, ?, ?)")) {
            for (RunRecords.LogRecord l : records.logs()) {
                ps.setString(1, l.runId());
                time(ps, 2, l.ts());
                ps.setString(3, l.level());
                text(ps, 4, l.asset() == null ? null : l.asset().toString());
                ps.setString(5, l.message());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private void materializations(RunRecords records) throws SQLException {
        if (records.materializations().isEmpty()) {
            return;
        }
        try (PreparedStatement ps = connection.prepareStatement(
                "INSERT INTO materialization (run_id, asset_key, partition_key, ts, rows_written, "
                        + "key_count, batch_count, duration_ms, metadata_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (Materialization m : records.materializations()) {
                ps.setString(1, m.runId());
                ps.setString(2, m.asset().toString());
                ps.setString(3, m.partition() == null ? "" : m.partition());
                time(ps, 4, m.ts());
                ps.setLong(5, m.rowsWritten());
                ps.setLong(6, m.keyCount());
                ps.setLong(7, m.batchCount());
                ps.setLong(8, m.durationMs());
                ps.setString(9, m.metadataJson());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /**
     * Stores partition outcomes: a MATERIALIZED one also records when the data was materialized, a MISSING one (a rollback
     * removed the data) clears that, and any other (FAILED) leaves it as it was: the partition keeps the data of an
     * earlier run.
     */
    private void partitions(RunRecords records) throws SQLException {
        if (records.partitions().isEmpty()) {
            return;
        }
        SqlDialect dialect = SqlDialect.of(connection);
        List<RunRecords.PartitionOutcome> data = new ArrayList<>();
        List<RunRecords.PartitionOutcome> other = new ArrayList<>();
        for (RunRecords.PartitionOutcome p : records.partitions()) {
            boolean changesData = p.state() == PartitionState.MATERIALIZED || p.state() == PartitionState.MISSING;
            (changesData ? data : other).add(p);
        }
        if (!data.isEmpty()) {
            try (PreparedStatement ps = connection.prepareStatement(dialect.upsert(
                    "partition_status",
                    "asset_key, partition_key",
                    "asset_key, partition_key, status, run_id, updated_at, materialized_at"))) {
                for (RunRecords.PartitionOutcome p : data) {
                    outcome(ps, p);
                    time(ps, 6, p.state() == PartitionState.MATERIALIZED ? p.ts() : null);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
        if (!other.isEmpty()) {
            try (PreparedStatement ps = connection.prepareStatement(dialect.upsert(
                    "partition_status",
                    "asset_key, partition_key",
                    "asset_key, partition_key, status, run_id, updated_at"))) {
                for (RunRecords.PartitionOutcome p : other) {
                    outcome(ps, p);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
    }

    private static void outcome(PreparedStatement ps, RunRecords.PartitionOutcome p) throws SQLException {
        ps.setString(1, p.asset().toString());
        ps.setString(2, p.partition());
        ps.setString(3, p.state().name());
        ps.setString(4, p.runId());
        time(ps, 5, p.ts());
    }

    /**
     * Ends the runs, ascending by id; with a fence, each end is conditional on the run's owner and epoch and must update
     * its row (the rows are locked already), or the transaction rolls back.
     */
    private void ends(RunRecords records, Fence fence) throws SQLException {
        if (records.ends().isEmpty()) {
            return;
        }
        List<RunRecords.RunEnd> ends = new ArrayList<>(records.ends());
        ends.sort(Comparator.comparing(RunRecords.RunEnd::runId));
        try (PreparedStatement run =
                connection.prepareStatement("UPDATE run SET status = ?, ended_at = ?, key_count = ?, batch_count = ?, "
                        + "rows_written = ?, error = ? WHERE id = ?"
                        + (fence == null ? "" : " AND owner_node = ? AND lease_epoch = ? AND status = 'STARTED'"))) {
            for (RunRecords.RunEnd e : ends) {
                run.setString(1, e.status().name());
                time(run, 2, e.endedAt());
                run.setLong(3, e.keyCount());
                run.setLong(4, e.batchCount());
                run.setLong(5, e.rowsWritten());
                text(run, 6, e.error());
                run.setString(7, e.runId());
                if (fence != null) {
                    run.setString(8, fence.node());
                    run.setLong(9, fence.epoch(e.runId()));
                }
                run.addBatch();
            }
            int[] counts = run.executeBatch();
            if (fence != null) {
                for (int i = 0; i < counts.length; i++) {
                    if (counts[i] == 0) {
                        throw new IllegalStateException(
                                "the fenced end of run " + ends.get(i).runId()
                                        + " updated no row although its row was locked: nothing of this flush is stored");
                    }
                }
            }
        }
    }

    /** Releases the ended runs' partitions (by key: active_partition has no index on run_id to keep up). */
    private void releases(RunRecords records) throws SQLException {
        if (records.releases().isEmpty()) {
            return;
        }
        try (PreparedStatement release = connection.prepareStatement(
                "DELETE FROM active_partition WHERE asset_key = ? AND partition_key = ? AND run_id = ?")) {
            for (RunRecords.Release r : records.releases()) {
                release.setString(1, r.asset().toString());
                release.setString(2, r.partition());
                release.setString(3, r.runId());
                release.addBatch();
            }
            release.executeBatch();
        }
    }

    static void time(PreparedStatement ps, int index, Instant instant) throws SQLException {
        if (instant == null) {
            ps.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
        } else {
            ps.setObject(index, instant.atOffset(ZoneOffset.UTC));
        }
    }

    private static void text(PreparedStatement ps, int index, String value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.VARCHAR);
        } else {
            ps.setString(index, value);
        }
    }
}
