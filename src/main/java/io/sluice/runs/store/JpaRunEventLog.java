package io.sluice.runs.store;

import com.fasterxml.jackson.core.type.TypeReference;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.AssetCheck;
import io.sluice.lake.CheckResult;
import io.sluice.runs.LogLine;
import io.sluice.runs.Materialization;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.SequencedMaterialization;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.Session;

/** {@link RunEventLog} on Hibernate ORM; the same code runs on H2 and PostgreSQL. */
@ApplicationScoped
public class JpaRunEventLog implements RunEventLog {

    private static final TypeReference<List<Map<String, Object>>> SAMPLE = new TypeReference<>() {};

    private final Session session;
    private final RunMapping mapping;

    JpaRunEventLog(Session session, RunMapping mapping) {
        this.session = session;
        this.mapping = mapping;
    }

    @Override
    @Transactional
    public void appendLog(String runId, Instant ts, String level, AssetKey asset, String message) {
        RunLogEntity e = new RunLogEntity();
        e.runId = runId;
        e.ts = ts;
        e.level = level;
        e.assetKey = asset == null ? null : asset.toString();
        e.message = message;
        session.persist(e);
    }

    @Override
    @Transactional
    public List<LogLine> logs(String runId, long afterId, int limit) {
        return session
                .createSelectionQuery(
                        "from RunLogEntity where runId = :run and id > :after order by id", RunLogEntity.class)
                .setParameter("run", runId)
                .setParameter("after", afterId)
                .setMaxResults(limit)
                .getResultList()
                .stream()
                .map(e -> new LogLine(e.id, e.ts, e.level, e.assetKey, e.message))
                .toList();
    }

    @Override
    @Transactional
    public void recordMaterialization(Materialization m) {
        MaterializationEntity e = new MaterializationEntity();
        e.runId = m.runId();
        e.assetKey = m.asset().toString();
        e.partitionKey = m.partition() == null ? "" : m.partition();
        e.ts = m.ts();
        e.rowsWritten = m.rowsWritten();
        e.keyCount = m.keyCount();
        e.batchCount = m.batchCount();
        e.durationMs = m.durationMs();
        e.metadataJson = m.metadataJson();
        session.persist(e);
    }

    @Override
    @Transactional
    public List<Materialization> materializations(String runId) {
        return session
                .createSelectionQuery(
                        "from MaterializationEntity where runId = :run order by id", MaterializationEntity.class)
                .setParameter("run", runId)
                .getResultList()
                .stream()
                .map(JpaRunEventLog::toMaterialization)
                .toList();
    }

    @Override
    @Transactional
    public Optional<Materialization> lastMaterialization(AssetKey asset) {
        return session
                .createSelectionQuery(
                        "from MaterializationEntity where assetKey = :asset order by id desc",
                        MaterializationEntity.class)
                .setParameter("asset", asset.toString())
                .setMaxResults(1)
                .getResultList()
                .stream()
                .findFirst()
                .map(JpaRunEventLog::toMaterialization);
    }

    /**
     * The newest materialization of each asset of a list (an array parameter): a grouped max over
     * materialization_asset_idx, joined back by primary key.
     */
    private static final String LAST_MATERIALIZATIONS =
            "SELECT m.run_id, m.asset_key, m.partition_key, m.ts, m.rows_written, m.key_count, m.batch_count,"
                    + " m.duration_ms, m.metadata_json FROM materialization m JOIN (SELECT asset_key, MAX(id) AS id"
                    + " FROM materialization WHERE asset_key = ANY(?) GROUP BY asset_key) l ON m.id = l.id";

    /**
     * The checks of the latest run that checked each asset of a list: the run of each asset's newest check result (a
     * grouped max over check_result_asset_idx), then that run's results for the asset, in the order recorded.
     */
    private static final String LATEST_CHECKS = "SELECT c.run_id, c.asset_key, c.partition_key, c.check_name,"
            + " c.severity, c.passed, c.observed, c.threshold, c.message, c.sample_json, c.ts"
            + " FROM check_result c JOIN (SELECT x.asset_key, x.run_id"
            + " FROM check_result x JOIN (SELECT asset_key, MAX(id) AS id FROM check_result WHERE asset_key = ANY(?)"
            + " GROUP BY asset_key) l ON x.id = l.id) latest ON c.run_id = latest.run_id AND c.asset_key ="
            + " latest.asset_key ORDER BY c.id";

    @Override
    @Transactional
    public Map<AssetKey, Materialization> lastMaterializations(Collection<AssetKey> assets) {
        if (assets.isEmpty()) {
            return Map.of();
        }
        return session.doReturningWork(connection -> {
            Map<AssetKey, Materialization> last = new HashMap<>();
            try (PreparedStatement select = connection.prepareStatement(LAST_MATERIALIZATIONS)) {
                select.setArray(1, connection.createArrayOf("varchar", keys(assets)));
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next()) {
                        String partition = rs.getString(3);
                        Materialization m = new Materialization(
                                rs.getString(1),
                                AssetKey.parse(rs.getString(2)),
                                partition == null || partition.isEmpty() ? null : partition,
                                rs.getObject(4, OffsetDateTime.class).toInstant(),
                                rs.getLong(5),
                                rs.getLong(6),
                                rs.getLong(7),
                                rs.getLong(8),
                                rs.getString(9));
                        last.put(m.asset(), m);
                    }
                }
            }
            return last;
        });
    }

    @Override
    @Transactional
    public Map<AssetKey, List<RecordedCheck>> latestChecks(Collection<AssetKey> assets) {
        if (assets.isEmpty()) {
            return Map.of();
        }
        return session.doReturningWork(connection -> {
            Map<AssetKey, List<RecordedCheck>> byAsset = new LinkedHashMap<>();
            try (PreparedStatement select = connection.prepareStatement(LATEST_CHECKS)) {
                select.setArray(1, connection.createArrayOf("varchar", keys(assets)));
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next()) {
                        AssetKey asset = AssetKey.parse(rs.getString(2));
                        String partition = rs.getString(3);
                        byAsset.computeIfAbsent(asset, k -> new ArrayList<>())
                                .add(new RecordedCheck(
                                        rs.getString(1),
                                        asset,
                                        partition == null || partition.isEmpty() ? null : partition,
                                        rs.getObject(11, OffsetDateTime.class).toInstant(),
                                        new CheckResult(
                                                rs.getString(4),
                                                AssetCheck.Severity.valueOf(rs.getString(5)),
                                                rs.getBoolean(6),
                                                rs.getString(7),
                                                rs.getString(8),
                                                mapping.read(rs.getString(10), SAMPLE, List.of()),
                                                rs.getString(9))));
                    }
                }
            }
            return byAsset;
        });
    }

    private static Object[] keys(Collection<AssetKey> assets) {
        return assets.stream().map(AssetKey::toString).distinct().sorted().toArray();
    }

    @Override
    @Transactional
    public List<SequencedMaterialization> materializationsAfter(long afterId, Collection<AssetKey> assets, int limit) {
        if (assets.isEmpty()) {
            return List.of();
        }
        return session
                .createSelectionQuery(
                        "from MaterializationEntity where assetKey in (:assets) and id > :after order by id",
                        MaterializationEntity.class)
                .setParameterList(
                        "assets",
                        assets.stream().map(AssetKey::toString).sorted().toList())
                .setParameter("after", afterId)
                .setMaxResults(limit)
                .getResultList()
                .stream()
                .map(e -> new SequencedMaterialization(e.id, toMaterialization(e)))
                .toList();
    }

    @Override
    @Transactional
    public long lastMaterializationId() {
        Long max = session.createSelectionQuery("select max(id) from MaterializationEntity", Long.class)
                .getSingleResult();
        return max == null ? 0 : max;
    }

    @Override
    @Transactional
    public void recordChecks(List<RecordedCheck> checks) {
        for (RecordedCheck c : checks) {
            CheckResultEntity e = new CheckResultEntity();
            e.runId = c.runId();
            e.assetKey = c.asset().toString();
            e.partitionKey = c.partition() == null ? "" : c.partition();
            e.checkName = c.result().name();
            e.severity = c.result().severity().name();
            e.passed = c.result().passed();
            e.observed = c.result().observed();
            e.threshold = c.result().threshold();
            e.message = c.result().message();
            e.sampleJson = mapping.json(c.result().sample());
            e.ts = c.ts();
            session.persist(e);
        }
    }

    @Override
    @Transactional
    public List<RecordedCheck> checks(String runId) {
        return session
                .createSelectionQuery("from CheckResultEntity where runId = :run order by id", CheckResultEntity.class)
                .setParameter("run", runId)
                .getResultList()
                .stream()
                .map(this::toCheck)
                .toList();
    }

    @Override
    @Transactional
    public List<RecordedCheck> checksFailuresFirst(String runId, int limit) {
        // passed = false sorts first; among failures 'ERROR' before 'WARN'
        return session
                .createSelectionQuery(
                        "from CheckResultEntity where runId = :run order by passed, severity, id",
                        CheckResultEntity.class)
                .setParameter("run", runId)
                .setMaxResults(limit)
                .getResultList()
                .stream()
                .map(this::toCheck)
                .toList();
    }

    @Override
    @Transactional
    public CheckCounts checkCounts(String runId) {
        List<Object[]> rows = session.createSelectionQuery(
                        "select passed, severity, count(*) from CheckResultEntity where runId = :run "
                                + "group by passed, severity",
                        Object[].class)
                .setParameter("run", runId)
                .getResultList();
        long passed = 0;
        long failed = 0;
        long warnings = 0;
        for (Object[] row : rows) {
            long n = ((Number) row[2]).longValue();
            if ((Boolean) row[0]) {
                passed += n;
            } else if (AssetCheck.Severity.ERROR.name().equals(row[1])) {
                failed += n;
            } else {
                warnings += n;
            }
        }
        return new CheckCounts(passed, failed, warnings);
    }

    @Override
    @Transactional
    public List<RecordedCheck> latestChecks(AssetKey asset) {
        List<String> runs = session.createSelectionQuery(
                        "select runId from CheckResultEntity where assetKey = :asset order by id desc", String.class)
                .setParameter("asset", asset.toString())
                .setMaxResults(1)
                .getResultList();
        if (runs.isEmpty()) {
            return List.of();
        }
        return session
                .createSelectionQuery(
                        "from CheckResultEntity where runId = :run and assetKey = :asset order by id",
                        CheckResultEntity.class)
                .setParameter("run", runs.get(0))
                .setParameter("asset", asset.toString())
                .getResultList()
                .stream()
                .map(this::toCheck)
                .toList();
    }

    private RecordedCheck toCheck(CheckResultEntity e) {
        List<Map<String, Object>> sample = mapping.read(e.sampleJson, SAMPLE, List.of());
        return new RecordedCheck(
                e.runId,
                AssetKey.parse(e.assetKey),
                e.partitionKey.isEmpty() ? null : e.partitionKey,
                e.ts,
                new CheckResult(
                        e.checkName,
                        AssetCheck.Severity.valueOf(e.severity),
                        e.passed,
                        e.observed,
                        e.threshold,
                        sample,
                        e.message));
    }

    private static Materialization toMaterialization(MaterializationEntity e) {
        return new Materialization(
                e.runId,
                AssetKey.parse(e.assetKey),
                e.partitionKey.isEmpty() ? null : e.partitionKey,
                e.ts,
                e.rowsWritten,
                e.keyCount,
                e.batchCount,
                e.durationMs,
                e.metadataJson);
    }

    @Override
    @Transactional
    public List<Materialization> materializationHistory(AssetKey asset, int limit) {
        return session
                .createSelectionQuery(
                        "from MaterializationEntity where assetKey = :asset order by id desc",
                        MaterializationEntity.class)
                .setParameter("asset", asset.toString())
                .setMaxResults(limit)
                .getResultList()
                .stream()
                .map(JpaRunEventLog::toMaterialization)
                .toList();
    }

    @Override
    @Transactional
    public List<RecordedCheck> checkHistory(AssetKey asset, int limit) {
        return session
                .createSelectionQuery(
                        "from CheckResultEntity where assetKey = :asset order by id desc", CheckResultEntity.class)
                .setParameter("asset", asset.toString())
                .setMaxResults(limit)
                .getResultList()
                .stream()
                .map(this::toCheck)
                .toList();
    }
}
