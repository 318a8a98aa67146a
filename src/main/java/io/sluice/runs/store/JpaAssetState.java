package io.sluice.runs.store;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetState;
import io.sluice.runs.PartitionState;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.hibernate.Session;

/** {@link AssetState} on Hibernate ORM and JDBC; the same code runs on H2 and PostgreSQL. */
@ApplicationScoped
public class JpaAssetState implements AssetState {

    private final Session session;

    JpaAssetState(Session session) {
        this.session = session;
    }

    /** A partition a queued or started run covers counts as in progress, whatever its stored outcome. */
    private static final String NOT_ACTIVE = " NOT EXISTS (SELECT 1 FROM active_partition a WHERE a.asset_key ="
            + " s.asset_key AND a.partition_key = s.partition_key)";

    /** Stored outcomes by asset and status, the partitions in progress left out (MISSING: removed by a rollback). */
    private static final String OUTCOME_COUNTS = "SELECT s.asset_key, s.status, COUNT(*) FROM partition_status s"
            + " WHERE s.asset_key = ANY(?) AND s.status <> 'MISSING' AND" + NOT_ACTIVE
            + " GROUP BY s.asset_key, s.status";

    private static final String ACTIVE_COUNTS =
            "SELECT asset_key, COUNT(*) FROM active_partition WHERE asset_key = ANY(?) GROUP BY asset_key";

    /**
     * Materialized partitions (not in progress) that an upstream asset with the same partitions materialized later: the
     * pairs (asset, upstream) are two arrays of one length.
     */
    private static final String STALE_COUNTS = "SELECT s.asset_key, COUNT(*) FROM partition_status s"
            + " WHERE s.asset_key = ANY(?) AND s.status = 'MATERIALIZED' AND" + NOT_ACTIVE
            + " AND EXISTS (SELECT 1 FROM UNNEST(?, ?) AS p(asset, upstream) JOIN partition_status u"
            + " ON u.asset_key = p.upstream WHERE p.asset = s.asset_key AND u.partition_key = s.partition_key"
            + " AND u.status = 'MATERIALIZED' AND u.updated_at > s.updated_at)"
            + " GROUP BY s.asset_key";

    @Override
    @Transactional
    public Map<AssetKey, Map<PartitionState, Long>> partitionCounts(
            Collection<AssetKey> assets, Map<AssetKey, Set<AssetKey>> sameUpstreams) {
        Map<AssetKey, Map<PartitionState, Long>> counts = new HashMap<>();
        if (assets.isEmpty()) {
            return counts;
        }
        Object[] keys =
                assets.stream().map(AssetKey::toString).distinct().sorted().toArray();
        List<Object> pairAssets = new ArrayList<>();
        List<Object> pairUpstreams = new ArrayList<>();
        sameUpstreams.forEach((asset, ups) -> ups.forEach(up -> {
            pairAssets.add(asset.toString());
            pairUpstreams.add(up.toString());
        }));
        session.doWork(connection -> {
            try (PreparedStatement select = connection.prepareStatement(OUTCOME_COUNTS)) {
                select.setArray(1, connection.createArrayOf("varchar", keys));
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next()) {
                        add(counts, rs.getString(1), PartitionState.valueOf(rs.getString(2)), rs.getLong(3));
                    }
                }
            }
            try (PreparedStatement select = connection.prepareStatement(ACTIVE_COUNTS)) {
                select.setArray(1, connection.createArrayOf("varchar", keys));
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next()) {
                        add(counts, rs.getString(1), PartitionState.IN_PROGRESS, rs.getLong(2));
                    }
                }
            }
            if (pairAssets.isEmpty()) {
                return;
            }
            try (PreparedStatement select = connection.prepareStatement(STALE_COUNTS)) {
                select.setArray(1, connection.createArrayOf("varchar", keys));
                select.setArray(2, connection.createArrayOf("varchar", pairAssets.toArray()));
                select.setArray(3, connection.createArrayOf("varchar", pairUpstreams.toArray()));
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next()) {
                        long stale = rs.getLong(2);
                        add(counts, rs.getString(1), PartitionState.STALE, stale);
                        add(counts, rs.getString(1), PartitionState.MATERIALIZED, -stale);
                    }
                }
            }
        });
        return counts;
    }

    private static void add(
            Map<AssetKey, Map<PartitionState, Long>> counts, String asset, PartitionState state, long n) {
        counts.computeIfAbsent(AssetKey.parse(asset), k -> new java.util.EnumMap<>(PartitionState.class))
                .merge(state, n, Long::sum);
    }

    @Override
    @Transactional
    public void recordPartitionOutcome(
            AssetKey asset, List<String> partitions, String status, String runId, Instant now) {
        // the same batched upsert a group's records use, not one lookup per partition
        RunRecords records = new RunRecords();
        records.partitions(asset, partitions, PartitionState.valueOf(status), runId, now);
        session.doWork(connection -> new RecordsWriter(connection).write(records));
    }

    @Override
    @Transactional
    public Map<String, String> partitionOutcomes(AssetKey asset) {
        Map<String, String> outcomes = new HashMap<>();
        session.createSelectionQuery(
                        "select id.partitionKey, status from PartitionStatusEntity where id.assetKey = :asset",
                        Object[].class)
                .setParameter("asset", asset.toString())
                .getResultList()
                .forEach(r -> outcomes.put((String) r[0], (String) r[1]));
        return outcomes;
    }

    @Override
    @Transactional
    public List<Outcome> outcomes(AssetKey asset, boolean withTimes) {
        // plain JDBC, no Hibernate row processing: up to one row per partition, 100,000 and more for one asset
        return session.doReturningWork(connection -> {
            List<Outcome> outcomes = new ArrayList<>();
            try (PreparedStatement select =
                    connection.prepareStatement("SELECT partition_key, status" + (withTimes ? ", updated_at" : "")
                            + " FROM partition_status WHERE asset_key = ? ORDER BY partition_key")) {
                select.setString(1, asset.toString());
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next()) {
                        outcomes.add(new Outcome(
                                rs.getString(1),
                                rs.getString(2),
                                withTimes
                                        ? rs.getObject(3, OffsetDateTime.class).toInstant()
                                        : null));
                    }
                }
            }
            return outcomes;
        });
    }

    @Override
    @Transactional
    public Map<String, Instant> materializedAt(AssetKey asset) {
        Map<String, Instant> at = new HashMap<>();
        session.createSelectionQuery(
                        "select id.partitionKey, materializedAt from PartitionStatusEntity where id.assetKey = :asset "
                                + "and materializedAt is not null",
                        Object[].class)
                .setParameter("asset", asset.toString())
                .getResultList()
                .forEach(r -> at.put((String) r[0], (Instant) r[1]));
        return at;
    }

    @Override
    @Transactional
    public Set<String> activePartitions(AssetKey asset) {
        return new HashSet<>(session.createSelectionQuery(
                        "select id.partitionKey from ActivePartitionEntity where id.assetKey = :asset", String.class)
                .setParameter("asset", asset.toString())
                .getResultList());
    }

    @Override
    @Transactional
    public Map<String, Set<String>> activeRunsByPartition(AssetKey asset) {
        Map<String, Set<String>> runs = new TreeMap<>();
        // the partitions runs hold, then those they wait for (busy-partition=queue)
        for (String query : List.of(
                "select p.id.partitionKey, p.runId from ActivePartitionEntity p, RunEntity r where r.id = p.runId "
                        + "and p.id.assetKey = :asset and r.status in (:queued, :started)",
                "select p.partitionKey, p.runId from PartitionWaitEntity p, RunEntity r where r.id = p.runId "
                        + "and p.assetKey = :asset and r.status in (:queued, :started)")) {
            session.createSelectionQuery(query, Object[].class)
                    .setParameter("asset", asset.toString())
                    .setParameter("queued", RunStatus.QUEUED.name())
                    .setParameter("started", RunStatus.STARTED.name())
                    .getResultList()
                    .forEach(r -> runs.computeIfAbsent((String) r[0], k -> new TreeSet<>())
                            .add((String) r[1]));
        }
        return runs;
    }

    /** Most partition keys bound in one probe of {@link #anyActiveRun}. */
    private static final int KEYS_PER_PROBE = 500;

    @Override
    @Transactional
    public Optional<ActiveRun> anyActiveRun(
            AssetKey asset, Optional<Collection<String>> partitions, Collection<String> parked) {
        List<List<String>> chunks = new ArrayList<>();
        if (partitions.isPresent()) {
            List<String> keys = List.copyOf(partitions.get());
            if (keys.isEmpty()) {
                return Optional.empty();
            }
            for (int i = 0; i < keys.size(); i += KEYS_PER_PROBE) {
                chunks.add(keys.subList(i, Math.min(keys.size(), i + KEYS_PER_PROBE)));
            }
        } else {
            chunks.add(null);
        }
        // the partitions runs hold, then those they wait for (busy-partition=queue); the first row found answers
        boolean leaveOutParked = !parked.isEmpty();
        for (String from : List.of(
                "select p.id.partitionKey, r.id, r.groupId from ActivePartitionEntity p, RunEntity r where r.id = "
                        + "p.runId and p.id.assetKey = :asset",
                "select p.partitionKey, r.id, r.groupId from PartitionWaitEntity p, RunEntity r where r.id = "
                        + "p.runId and p.assetKey = :asset")) {
            String key = from.contains("p.id.partitionKey") ? "p.id.partitionKey" : "p.partitionKey";
            for (List<String> chunk : chunks) {
                var query = session.createSelectionQuery(
                                from + " and r.status in (:queued, :started)"
                                        + (chunk == null ? "" : " and " + key + " in (:keys)")
                                        + (leaveOutParked
                                                ? " and (r.status = :started or r.groupId is null"
                                                        + " or r.groupId not in (:parked))"
                                                : ""),
                                Object[].class)
                        .setParameter("asset", asset.toString())
                        .setParameter("queued", RunStatus.QUEUED.name())
                        .setParameter("started", RunStatus.STARTED.name())
                        .setMaxResults(1);
                if (chunk != null) {
                    query.setParameterList("keys", chunk);
                }
                if (leaveOutParked) {
                    query.setParameterList("parked", parked);
                }
                List<Object[]> found = query.getResultList();
                if (!found.isEmpty()) {
                    Object[] r = found.get(0);
                    return Optional.of(new ActiveRun((String) r[1], (String) r[2], (String) r[0]));
                }
            }
        }
        return Optional.empty();
    }

    @Override
    @Transactional
    public Optional<String> watermark(AssetKey asset, String partition) {
        WatermarkEntity e = session.find(
                WatermarkEntity.class,
                new WatermarkEntity.WatermarkId(asset.toString(), partition == null ? "" : partition));
        return e == null ? Optional.empty() : Optional.of(e.value);
    }

    @Override
    @Transactional
    public void saveWatermark(AssetKey asset, String partition, String value, String runId, Instant now) {
        var id = new WatermarkEntity.WatermarkId(asset.toString(), partition == null ? "" : partition);
        WatermarkEntity e = session.find(WatermarkEntity.class, id);
        boolean created = e == null;
        if (created) {
            e = new WatermarkEntity();
            e.id = id;
        }
        e.value = value;
        e.runId = runId;
        e.updatedAt = now;
        if (created) {
            session.persist(e);
        }
    }
}
