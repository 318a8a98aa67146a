package io.sluice.runs.store;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.ClaimedRuns;
import io.sluice.runs.Fence;
import io.sluice.runs.Run;
import io.sluice.runs.RunLimits;
import io.sluice.runs.RunNeeds;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.runs.Scope;
import io.sluice.runs.dispatch.ClaimRoom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.InstantSource;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Claiming queued runs within the limits, in one transaction on the caller's connection, so that every node counts the
 * same runs: the limit rows ({@code concurrency_limit}) of the candidates' groups and pools are locked in key order,
 * the runs counted against them ({@code run_slot}) are counted, {@link ClaimRoom} keeps the candidates that fit, those
 * still QUEUED are locked with {@code FOR UPDATE SKIP LOCKED} and moved to STARTED, and their slots are inserted. A
 * second claimer of the same limit waits on its row and counts after the first has committed (READ COMMITTED, on H2
 * and PostgreSQL alike). A limit created during a claim applies from the next one on. Each claimed run is owned by the
 * claiming node from then on, its lease epoch one up: the {@link Fence} its writes must pass.
 */
final class ClaimRows {

    private final Connection connection;
    private final RunMapping mapping;
    private final Function<List<AssetKey>, String> poolsOf;

    /** {@code poolsOf}: the pools column of a run queued before runs stored their pools (from the catalog now). */
    ClaimRows(Connection connection, RunMapping mapping, Function<List<AssetKey>, String> poolsOf) {
        this.connection = connection;
        this.mapping = mapping;
        this.poolsOf = poolsOf;
    }

    /**
     * Claims for {@code owner} those of {@code ids} (in queue order) that are still QUEUED and fit the limits; returns
     * them in that order, with the fence of the claim, started at {@code clock}'s instant once the limits are locked. {@code lakeRuns} false (a node without the lake): runs that need
     * the lake are left QUEUED, whatever the caller picked.
     */
    ClaimedRuns claim(List<String> ids, InstantSource clock, String owner, boolean lakeRuns) throws SQLException {
        ClaimedRuns none = new ClaimedRuns(List.of(), new Fence(owner, Map.of()));
        Map<String, Candidate> candidates = candidates(ids, lakeRuns);
        if (candidates.isEmpty()) {
            return none;
        }
        Set<RunLimits.Key> scopes = new TreeSet<>();
        candidates.values().forEach(c -> scopes.addAll(c.scopes()));
        Map<RunLimits.Key, Integer> limits = lockLimits(scopes);
        List<String> admitted = ids.stream().filter(candidates::containsKey).toList();
        if (!limits.isEmpty()) {
            ClaimRoom room = ClaimRoom.of(limits, running(limits.keySet()));
            admitted = room
                    .admit(admitted.stream()
                            .map(id -> new ClaimRoom.Candidate(
                                    id, candidates.get(id).scopes()))
                            .toList())
                    .stream()
                    .map(ClaimRoom.Candidate::id)
                    .toList();
        }
        if (admitted.isEmpty()) {
            return none;
        }
        // read once the limit rows are locked: a claim that waited for another node's end (which freed the slot it
        // takes) starts after that end, so the stored intervals of a limit's runs never overlap more than it allows
        ClaimedRuns claimed = start(admitted, candidates, clock.instant(), owner, lakeRuns);
        insertSlots(claimed.runs().stream().map(r -> candidates.get(r.id())).toList());
        return claimed;
    }

    /** A queued run read before the limits are locked: what it counts against. */
    private record Candidate(String id, String pools, Set<RunLimits.Key> scopes) {}

    private Map<String, Candidate> candidates(List<String> ids, boolean lakeRuns) throws SQLException {
        Map<String, Candidate> candidates = new LinkedHashMap<>();
        try (PreparedStatement ps =
                connection.prepareStatement("SELECT id, group_id, pools, assets FROM run WHERE id IN ("
                        + marks(ids.size()) + ") AND status = 'QUEUED' AND (needs_lake = FALSE OR ?)")) {
            bind(ps, 1, ids);
            ps.setBoolean(ids.size() + 1, lakeRuns);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String id = rs.getString(1);
                    String group = rs.getString(2);
                    String pools = rs.getString(3);
                    if (pools == null) {
                        pools = poolsOf.apply(Arrays.stream(rs.getString(4).split(","))
                                .map(AssetKey::parse)
                                .toList());
                    }
                    Set<RunLimits.Key> scopes = new HashSet<>();
                    if (group != null) {
                        scopes.add(new RunLimits.Key(Scope.GROUP, group));
                    }
                    RunNeeds.poolsOf(pools).forEach(p -> scopes.add(new RunLimits.Key(Scope.POOL, p)));
                    candidates.put(id, new Candidate(id, pools, scopes));
                }
            }
        }
        return candidates;
    }

    /** Locks the limit rows of these scopes, in key order (so two claimers never wait for each other in a circle). */
    private Map<RunLimits.Key, Integer> lockLimits(Collection<RunLimits.Key> scopes) throws SQLException {
        Map<RunLimits.Key, Integer> limits = new HashMap<>();
        if (scopes.isEmpty()) {
            return limits;
        }
        try (PreparedStatement ps =
                connection.prepareStatement("SELECT scope, name, max_running FROM concurrency_limit " + "WHERE "
                        + keyFilter(scopes.size()) + " ORDER BY scope, name FOR UPDATE")) {
            bindKeys(ps, scopes);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    limits.put(new RunLimits.Key(Scope.valueOf(rs.getString(1)), rs.getString(2)), rs.getInt(3));
                }
            }
        }
        return limits;
    }

    /** The runs counted against each of these scopes now. */
    private Map<RunLimits.Key, Integer> running(Collection<RunLimits.Key> scopes) throws SQLException {
        Map<RunLimits.Key, Integer> running = new HashMap<>();
        try (PreparedStatement ps = connection.prepareStatement("SELECT scope, name, COUNT(*) FROM run_slot WHERE "
                + keyFilter(scopes.size()) + " GROUP BY scope, name")) {
            bindKeys(ps, scopes);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    running.put(new RunLimits.Key(Scope.valueOf(rs.getString(1)), rs.getString(2)), rs.getInt(3));
                }
            }
        }
        return running;
    }

    /**
     * Locks the admitted runs still QUEUED (passing over rows others hold), moves them to STARTED owned by
     * {@code owner} with their lease epoch one up, and reads them back.
     */
    private ClaimedRuns start(
            List<String> ids, Map<String, Candidate> candidates, Instant now, String owner, boolean lakeRuns)
            throws SQLException {
        Map<String, RunEntity> claimed = new HashMap<>();
        Map<String, Long> epochs = new HashMap<>();
        try (PreparedStatement lock = connection.prepareStatement(
                "SELECT id, mode, assets, keys_json, partitions_json, config_json, reason, launched_by, "
                        + "created_at, kind, rollback_to, group_id, tags_json, lease_epoch FROM run WHERE id IN ("
                        + marks(ids.size())
                        + ") AND status = 'QUEUED' AND (needs_lake = FALSE OR ?) FOR UPDATE SKIP LOCKED")) {
            bind(lock, 1, ids);
            lock.setBoolean(ids.size() + 1, lakeRuns);
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
                    epochs.put(e.id, rs.getLong(14) + 1);
                    claimed.put(e.id, e);
                }
            }
        }
        if (claimed.isEmpty()) {
            return new ClaimedRuns(List.of(), new Fence(owner, Map.of()));
        }
        List<String> ordered = ids.stream().filter(claimed::containsKey).toList();
        try (PreparedStatement start = connection.prepareStatement(
                "UPDATE run SET status = 'STARTED', started_at = ?, pools = ?, owner_node = ?, lease_epoch = ?"
                        + " WHERE id = ? AND status = 'QUEUED'")) {
            for (String id : ordered) {
                RecordsWriter.time(start, 1, now);
                start.setString(2, candidates.get(id).pools());
                start.setString(3, owner);
                start.setLong(4, epochs.get(id));
                start.setString(5, id);
                start.addBatch();
            }
            start.executeBatch();
        }
        Map<String, List<RunStep>> steps = new HashMap<>();
        try (PreparedStatement read = connection.prepareStatement(
                "SELECT run_id, step_index, asset_key, status FROM run_step WHERE run_id IN (" + marks(ordered.size())
                        + ") ORDER BY run_id, step_index")) {
            bind(read, 1, ordered);
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
        epochs.keySet().retainAll(ordered);
        return new ClaimedRuns(runs, new Fence(owner, epochs));
    }

    /** One slot per claimed run and scope it counts against, limited or not (a limit set later counts it). */
    private void insertSlots(List<Candidate> claimed) throws SQLException {
        if (claimed.stream().allMatch(c -> c.scopes().isEmpty())) {
            return;
        }
        try (PreparedStatement ps =
                connection.prepareStatement("INSERT INTO run_slot (scope, name, run_id) VALUES (?, ?, ?)")) {
            for (Candidate c : claimed) {
                for (RunLimits.Key key : c.scopes()) {
                    ps.setString(1, key.scope().name());
                    ps.setString(2, key.name());
                    ps.setString(3, c.id());
                    ps.addBatch();
                }
            }
            ps.executeBatch();
        }
    }

    /** Releases the slots of these runs (they ended); by run id, a run holds one to a few. */
    static void releaseSlots(Connection connection, Collection<String> runIds) throws SQLException {
        if (runIds.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = connection.prepareStatement("DELETE FROM run_slot WHERE run_id = ?")) {
            for (String id : runIds) {
                ps.setString(1, id);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private static String keyFilter(int n) {
        return String.join(" OR ", Collections.nCopies(n, "(scope = ? AND name = ?)"));
    }

    private static void bindKeys(PreparedStatement ps, Collection<RunLimits.Key> keys) throws SQLException {
        int i = 1;
        for (RunLimits.Key key : keys) {
            ps.setString(i++, key.scope().name());
            ps.setString(i++, key.name());
        }
    }

    private static String marks(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }

    private static void bind(PreparedStatement ps, int from, List<String> values) throws SQLException {
        for (int i = 0; i < values.size(); i++) {
            ps.setString(from + i, values.get(i));
        }
    }
}
