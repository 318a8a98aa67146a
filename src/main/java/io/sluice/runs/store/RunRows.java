package io.sluice.runs.store;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.Run;
import io.sluice.runs.RunNeeds;
import io.sluice.runs.RunStep;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The hot path of queueing in plain JDBC on the caller's connection: many runs (a group) with batched inserts, each
 * with the pools it counts against and whether it needs the lake ({@link RunNeeds}). Claims are {@link ClaimRows}.
 */
final class RunRows {

    private final Connection connection;
    private final RunMapping mapping;

    RunRows(Connection connection, RunMapping mapping) {
        this.connection = connection;
        this.mapping = mapping;
    }

    /** Inserts QUEUED runs, their steps and their partition reservations (one batch per table). */
    void insert(List<Run> runs, Function<Run, List<String>> reserved, Function<Run, RunNeeds> needs)
            throws SQLException {
        try (PreparedStatement run = connection.prepareStatement(
                "INSERT INTO run (id, status, mode, assets, keys_json, partitions_json, config_json, "
                        + "reason, launched_by, created_at, kind, rollback_to, group_id, tags_json, seq, pools, needs_lake) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
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
                RunNeeds n = needs.apply(r);
                run.setString(16, n.poolsColumn());
                run.setBoolean(17, n.needsLake());
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

    private static void text(PreparedStatement ps, int index, String value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.VARCHAR);
        } else {
            ps.setString(index, value);
        }
    }
}
