package io.sluice.runs.store;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.PartitionBusy;
import io.sluice.runs.QueuePlace;
import io.sluice.runs.Run;
import io.sluice.runs.RunStatus;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hibernate.Session;

/**
 * The asset partitions runs hold ({@code active_partition}) or wait for ({@code partition_wait}), in the caller's
 * transaction: at most one queued or started run holds an asset partition.
 */
@ApplicationScoped
class PartitionReservations {

    private final Session session;
    private final RunMapping mapping;

    PartitionReservations(Session session, RunMapping mapping) {
        this.session = session;
        this.mapping = mapping;
    }

    static List<ActivePartitionEntity.Key> covered(Run run) {
        List<ActivePartitionEntity.Key> keys = new ArrayList<>();
        for (AssetKey asset : run.assets()) {
            for (String partition : reserved(run)) {
                keys.add(new ActivePartitionEntity.Key(asset.toString(), partition));
            }
        }
        return keys;
    }

    static List<String> reserved(Run run) {
        return run.partitions().isEmpty() ? List.of("") : run.partitions();
    }

    static String describe(ActivePartitionEntity.Key key) {
        return "asset " + key.assetKey + (key.partitionKey.isEmpty() ? "" : " partition " + key.partitionKey);
    }

    /**
     * The asset partitions these runs cover that a queued or started run already covers or waits for, with that run;
     * refuses runs that cover an asset partition twice.
     */
    Map<ActivePartitionEntity.Key, String> busy(List<Run> runs) {
        Map<String, Set<String>> wanted = new HashMap<>();
        for (Run run : runs) {
            for (ActivePartitionEntity.Key key : covered(run)) {
                if (!wanted.computeIfAbsent(key.assetKey, k -> new HashSet<>()).add(key.partitionKey)) {
                    throw new PartitionBusy(describe(key) + " is covered twice by this launch");
                }
            }
        }
        // Per asset, every partition a run holds or waits for (few, unless another large group of runs of the asset is
        // queued), intersected here: cheaper than asking about each of the launch's partitions.
        Map<ActivePartitionEntity.Key, String> busy = new LinkedHashMap<>();
        for (var entry : wanted.entrySet()) {
            for (String query : List.of(
                    "select id.partitionKey, runId from ActivePartitionEntity where id.assetKey = :asset",
                    "select partitionKey, runId from PartitionWaitEntity where assetKey = :asset")) {
                session
                        .createSelectionQuery(query, Object[].class)
                        .setParameter("asset", entry.getKey())
                        .getResultList()
                        .stream()
                        .filter(r -> entry.getValue().contains((String) r[0]))
                        .forEach(r -> busy.putIfAbsent(
                                new ActivePartitionEntity.Key(entry.getKey(), (String) r[0]), (String) r[1]));
            }
        }
        return busy;
    }

    /** Stores that the run waits for its asset partitions; returns the first of them that is busy. */
    ActivePartitionEntity.Key await(Run run, Map<ActivePartitionEntity.Key, String> busy) {
        List<ActivePartitionEntity.Key> keys = covered(run);
        for (ActivePartitionEntity.Key key : keys) {
            PartitionWaitEntity w = new PartitionWaitEntity();
            w.assetKey = key.assetKey;
            w.partitionKey = key.partitionKey;
            w.runId = run.id();
            session.persist(w);
        }
        return keys.stream().filter(busy::containsKey).findFirst().orElseThrow();
    }

    /** The runs ahead of a waiting run for its asset partitions, in the order they go, and its place among the waiting. */
    record Line(int position, List<QueuePlace.Waited> ahead) {}

    /**
     * The line for the asset partitions {@code runId} waits for: the queued or started runs that hold one of them, then
     * the queued runs that wait for one of them and were queued before it (their wait rows come first, as
     * {@link #promoteWaiting} serves them). Read per asset, as {@link #busy} reads, and matched here.
     */
    Line line(String runId) {
        List<PartitionWaitEntity> mine = session.createSelectionQuery(
                        "from PartitionWaitEntity where runId = :run order by id", PartitionWaitEntity.class)
                .setParameter("run", runId)
                .getResultList();
        if (mine.isEmpty()) {
            return new Line(0, List.of());
        }
        long first = mine.get(0).id;
        Map<String, Set<String>> wanted = new LinkedHashMap<>();
        mine.forEach(
                w -> wanted.computeIfAbsent(w.assetKey, k -> new HashSet<>()).add(w.partitionKey));
        Map<String, String> holders = new LinkedHashMap<>();
        Map<String, String> earlier = new LinkedHashMap<>();
        for (var entry : wanted.entrySet()) {
            session
                    .createSelectionQuery(
                            "select id.partitionKey, runId from ActivePartitionEntity where id.assetKey = :asset",
                            Object[].class)
                    .setParameter("asset", entry.getKey())
                    .getResultList()
                    .stream()
                    .filter(r -> entry.getValue().contains((String) r[0]))
                    .forEach(r -> holders.putIfAbsent(
                            (String) r[1], describe(new ActivePartitionEntity.Key(entry.getKey(), (String) r[0]))));
            session
                    .createSelectionQuery(
                            "select partitionKey, runId from PartitionWaitEntity where assetKey = :asset and id < :first "
                                    + "order by id",
                            Object[].class)
                    .setParameter("asset", entry.getKey())
                    .setParameter("first", first)
                    .getResultList()
                    .stream()
                    .filter(r -> entry.getValue().contains((String) r[0]) && !runId.equals(r[1]))
                    .forEach(r -> earlier.putIfAbsent(
                            (String) r[1], describe(new ActivePartitionEntity.Key(entry.getKey(), (String) r[0]))));
        }
        Set<String> ids = new HashSet<>(holders.keySet());
        ids.addAll(earlier.keySet());
        Map<String, RunStatus> status = new HashMap<>();
        if (!ids.isEmpty()) {
            session.createSelectionQuery("select id, status from RunEntity where id in :ids", Object[].class)
                    .setParameter("ids", ids)
                    .getResultList()
                    .forEach(r -> status.put((String) r[0], RunStatus.valueOf((String) r[1])));
        }
        List<QueuePlace.Waited> ahead = new ArrayList<>();
        holders.forEach((id, covers) -> {
            RunStatus s = status.get(id);
            if (s != null && !s.isTerminal()) {
                ahead.add(new QueuePlace.Waited(id, s, covers));
            }
        });
        int waitingBefore = 0;
        for (var e : earlier.entrySet()) {
            if (status.get(e.getKey()) == RunStatus.QUEUED && !holders.containsKey(e.getKey())) {
                ahead.add(new QueuePlace.Waited(e.getKey(), RunStatus.QUEUED, e.getValue()));
                waitingBefore++;
            }
        }
        return new Line(waitingBefore + 1, ahead);
    }

    /**
     * Reserves the partitions of waiting runs whose partitions are free now, first come first served; returns how many.
     * One node at a time promotes: the {@code queue-promotion} lock row is taken with {@code FOR UPDATE SKIP LOCKED}
     * first, and while another node's transaction holds it this round promotes nothing (that node promotes the same
     * runs; two promotions of one run would reserve its partitions twice and fail on the key).
     */
    int promoteWaiting() {
        if (!hasWaiting() || !lockPromotion()) {
            return 0;
        }
        List<PartitionWaitEntity> waits = session.createSelectionQuery(
                        "from PartitionWaitEntity order by id", PartitionWaitEntity.class)
                .getResultList();
        if (waits.isEmpty()) {
            return 0;
        }
        Map<String, List<ActivePartitionEntity.Key>> byRun = new LinkedHashMap<>();
        waits.forEach(w -> byRun.computeIfAbsent(w.runId, k -> new ArrayList<>())
                .add(new ActivePartitionEntity.Key(w.assetKey, w.partitionKey)));
        Set<String> queued = new HashSet<>(session.createSelectionQuery(
                        "select id from RunEntity where id in :ids and status = :queued", String.class)
                .setParameter("ids", byRun.keySet())
                .setParameter("queued", RunStatus.QUEUED.name())
                .getResultList());
        Set<ActivePartitionEntity.Key> taken = new HashSet<>();
        int promoted = 0;
        for (var entry : byRun.entrySet()) {
            String runId = entry.getKey();
            if (!queued.contains(runId)) {
                stopWaiting(runId);
                continue;
            }
            boolean free = entry.getValue().stream().noneMatch(taken::contains)
                    && entry.getValue().stream().allMatch(k -> session.find(ActivePartitionEntity.class, k) == null);
            taken.addAll(entry.getValue());
            if (free) {
                for (ActivePartitionEntity.Key key : entry.getValue()) {
                    ActivePartitionEntity a = new ActivePartitionEntity();
                    a.id = key;
                    a.runId = runId;
                    session.persist(a);
                }
                stopWaiting(runId);
                promoted++;
            }
        }
        return promoted;
    }

    private boolean hasWaiting() {
        return !session.createSelectionQuery("select w.id from PartitionWaitEntity w", Long.class)
                .setMaxResults(1)
                .getResultList()
                .isEmpty();
    }

    /** Takes the cluster's promotion lock for this transaction; false if another transaction holds it. */
    private boolean lockPromotion() {
        return !session.createNativeQuery(
                        "SELECT name FROM cluster_lock WHERE name = 'queue-promotion' FOR UPDATE SKIP LOCKED",
                        String.class)
                .getResultList()
                .isEmpty();
    }

    void stopWaiting(String runId) {
        session.createMutationQuery("delete from PartitionWaitEntity where runId = :run")
                .setParameter("run", runId)
                .executeUpdate();
    }

    /** Releases the asset partitions the run holds, by their keys (active_partition has no index on run_id to keep up). */
    void release(RunEntity run) {
        List<String> partitions = mapping.strings(run.partitionsJson);
        for (List<String> chunk : RunMapping.chunks(partitions.isEmpty() ? List.of("") : partitions)) {
            session.createMutationQuery(
                            "delete from ActivePartitionEntity where id.assetKey in :assets and id.partitionKey in :partitions and runId = :run")
                    .setParameter("assets", List.of(run.assets.split(",")))
                    .setParameter("partitions", chunk)
                    .setParameter("run", run.id)
                    .executeUpdate();
        }
    }
}
