package io.sluice.runs.store;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.ClaimedRuns;
import io.sluice.runs.Fence;
import io.sluice.runs.Run;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The hot paths of the run queue in plain JDBC on the caller's connection: queueing many runs (a group)
 * with batched inserts, and claiming a group of queued runs with {@code FOR UPDATE SKIP LOCKED}.
 */
final class RunRows {

    private final Connection connection;
    private final RunMapping mapping;

    RunRows(Connection connection, RunMapping mapping) {
        this.connection = connection;
        this.mapping = mapping;
    }

    /** Inserts QUEUED runs, their steps and their partition reservations (one batch per table). */
    void insert(List<Run> runs, Function<Run, List<String>> reserved) throws SQLException {
        try (PreparedStatement run = connection.prepareStatement(
                "INSERT INTO run (id, status, mode, assets, keys_json, partitions_json, config_json, "
                        + "reason, launched_by, created_at, kind, rollback_to, group_id, tags_json, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            long seq = 0;
            for (Run r : runs) {
                run.setString(1, r.id());
                run.setString(2, r.status().name());
                run.setString(3, r.mode().name());
                run.setString(4, r.assets().stream().map(AssetKey::toString).collect(Collectors.joining(",")));
                run.setString(5, mapping.json(r.keys()));
                run.setString(6, mapping.json(r.partitions()));
                run.setString(7, r.configJson());
                text(run, 8, r.reason());
                run.setString(9, r.launchedBy());
                RecordsWriter.time(run, 10, r.createdAt());
                run.setString(11, r.kind().name());
                text(run, 12, r.rollbackTo());
                text(run, 13, r.group());
                text(run, 14, mapping.tagsJson(r.tags()));
                run.setLong(15, seq++);
                run.addBatch();
            }
            run.executeBatch();
        }
        try (PreparedStatement step = connection.prepareStatement(
                "INSERT INTO run_step (run_id, step_index, asset_key, status) VALUES (?, ?, ?, ?)")) {
            for (Run r : runs) {
                for (RunStep s : r.steps()) {
                    step.setString(1, r.id());
                    step.setInt(2, s.index());
                    step.setString(3, s.asset().toString());
                    step.setString(4, s.status().name());
                    step.addBatch();
                }
            }
            step.executeBatch();
        }
        try (PreparedStatement active = connection.prepareStatement(
                "INSERT INTO active_partition (asset_key, partition_key, run_id) VALUES (?, ?, ?)")) {
            for (Run r : runs) {
                for (RunStep s : r.steps()) {
                    for (String partition : reserved.apply(r)) {
                        active.setString(1, s.asset().toString());
                        active.setString(2, partition);
                        active.setString(3, r.id());
                        active.addBatch();
                    }
                }
            }
            active.executeBatch();
        }
    }

    /**
     * Locks the given runs that are still QUEUED (skipping rows others hold), moves them to STARTED and reads them back.
     * Each is owned by {@code owner} from now on, its lease epoch one up: the fence of the runs' writes.
     */
    ClaimedRuns claim(List<String> ids, Instant now, String owner) throws SQLException {
        String marks = String.join(", ", Collections.nCopies(ids.size(), "?"));
        Map<String, RunEntity> claimed = new HashMap<>();
        // lease: the epoch each claimed run has after this claim
        Map<String, Long> epochs = new HashMap<>();
        try (PreparedStatement lock = connection.prepareStatement(
                "SELECT id, mode, assets, keys_json, partitions_json, config_json, reason, launched_by, "
                        + "created_at, kind, rollback_to, group_id, tags_json, lease_epoch FROM run WHERE id IN ("
                        + marks
                        + ") AND status = 'QUEUED' FOR UPDATE SKIP LOCKED")) {
            for (int i = 0; i < ids.size(); i++) {
                lock.setString(i + 1, ids.get(i));
            }
            try (ResultSet rs = lock.executeQuery()) {
                while (rs.next()) {
                    RunEntity e = new RunEntity();
                    e.id = rs.getString(1);
                    e.status = RunStatus.STARTED.name();
                    e.mode = rs.getString(2);
                    e.assets = rs.getString(3);
                    e.keysJson = rs.getString(4);
                    e.partitionsJson = rs.getString(5);
                    e.configJson = rs.getString(6);
                    e.reason = rs.getString(7);
                    e.launchedBy = rs.getString(8);
                    e.createdAt = rs.getObject(9, OffsetDateTime.class).toInstant();
                    e.startedAt = now;
                    e.kind = rs.getString(10);
                    e.rollbackTo = rs.getString(11);
                    e.groupId = rs.getString(12);
                    e.tagsJson = rs.getString(13);
                    epochs.put(e.id, rs.getLong(14) + 1); // lease
                    claimed.put(e.id, e);
                }
            }
        }
        if (claimed.isEmpty()) {
            return new ClaimedRuns(List.of(), new Fence(owner, Map.of()));
        }
        List<String> ordered = ids.stream().filter(claimed::containsKey).toList();
        String claimedMarks = String.join(", ", Collections.nCopies(ordered.size(), "?"));
        try (PreparedStatement start = connection.prepareStatement(
                "UPDATE run SET status = 'STARTED', started_at = ?, owner_node = ?, lease_epoch = lease_epoch + 1 "
                        + "WHERE id IN (" + claimedMarks + ")")) {
            RecordsWriter.time(start, 1, now);
            start.setString(2, owner); // lease: the owner and the epoch are the fence of the runs' writes
            for (int i = 0; i < ordered.size(); i++) {
                start.setString(i + 3, ordered.get(i));
            }
            start.executeUpdate();
        }
        Map<String, List<RunStep>> steps = new HashMap<>();
        try (PreparedStatement read = connection.prepareStatement(
                "SELECT run_id, step_index, asset_key, status FROM run_step WHERE run_id IN (" + claimedMarks
                        + ") ORDER BY run_id, step_index")) {
            for (int i = 0; i < ordered.size(); i++) {
                read.setString(i + 1, ordered.get(i));
            }
            try (ResultSet rs = read.executeQuery()) {
                while (rs.next()) {
                    steps.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                            .add(new RunStep(
                                    rs.getInt(2),
                                    AssetKey.parse(rs.getString(3)),
                                    RunStatus.valueOf(rs.getString(4)),
                                    null,
                                    null,
                                    0,
                                    0,
                                    0,
                                    null));
                }
            }
        }
        List<Run> runs = new ArrayList<>(ordered.size());
        for (String id : ordered) {
            runs.add(mapping.toRun(claimed.get(id), steps.getOrDefault(id, List.of())));
        }
        return new ClaimedRuns(runs, new Fence(owner, epochs));
    }

    private static void text(PreparedStatement ps, int index, String value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.VARCHAR);
        } else {
            ps.setString(index, value);
        }
    }
}
