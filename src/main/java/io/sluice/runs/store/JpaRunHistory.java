package io.sluice.runs.store;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetRun;
import io.sluice.runs.Run;
import io.sluice.runs.RunFilter;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunListing;
import io.sluice.runs.RunPageQuery;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.hibernate.Session;

/** {@link RunHistory} on Hibernate ORM; the same code runs on H2 and PostgreSQL. */
@ApplicationScoped
public class JpaRunHistory implements RunHistory {

    /**
     * The latest step of each of a list of assets (an array parameter), newest first by its run's creation, then seq,
     * then id (then step index, should a run have two steps of one asset): the newest creation instant of each asset's
     * runs (a grouped max over run_step_asset_idx joined to run by key), then the steps of runs created at that instant,
     * in order, so that the first row of each asset is its latest step; ties on the instant are the only extra rows. On
     * H2 a window function ({@code row_number() over (partition by asset_key ...)}) takes 100-400 ms for 10,000 steps
     * where this takes about 1 ms; {@code = ANY(?)} rather than an IN list of 1,000 parameters, one per asset.
     */
    private static final String LAST_STEPS = "SELECT s.run_id, s.step_index, s.asset_key, s.status, s.started_at,"
            + " s.ended_at, s.key_count, s.batch_count, s.rows_written, s.error"
            + " FROM run_step s JOIN run r ON r.id = s.run_id"
            + " JOIN (SELECT ls.asset_key, MAX(lr.created_at) AS newest FROM run_step ls JOIN run lr ON lr.id = ls.run_id"
            + " WHERE ls.asset_key = ANY(?) GROUP BY ls.asset_key) latest"
            + " ON latest.asset_key = s.asset_key AND r.created_at = latest.newest"
            + " ORDER BY s.asset_key, r.seq DESC, r.id DESC, s.step_index DESC";

    private final Session session;
    private final RunMapping mapping;

    JpaRunHistory(Session session, RunMapping mapping) {
        this.session = session;
        this.mapping = mapping;
    }

    @Override
    @Transactional
    public Optional<Run> find(String id) {
        RunEntity e = session.find(RunEntity.class, id);
        return e == null
                ? Optional.empty()
                : Optional.of(
                        mapping.toRun(e, RunMapping.steps(session, List.of(id)).getOrDefault(id, List.of())));
    }

    @Override
    @Transactional
    public List<String> idsEndingWith(String suffix, int limit) {
        return session.createSelectionQuery("select id from RunEntity where id like :end", String.class)
                .setParameter("end", "%" + suffix)
                .setMaxResults(limit)
                .getResultList();
    }

    @Override
    @Transactional
    public List<Run> list(RunQuery query) {
        StringBuilder hql = new StringBuilder("from RunEntity r where 1 = 1");
        where(query.filter(), hql);
        if (!query.queuedGroupRuns()) {
            hql.append(" and (r.groupId is null or r.status <> 'QUEUED')");
        }
        hql.append(" order by r.createdAt desc, r.seq desc, r.id desc");
        var q = session.createSelectionQuery(hql.toString(), RunEntity.class);
        bind(query.filter(), q);
        List<RunEntity> runs = q.setMaxResults(query.limit()).getResultList();
        var steps = RunMapping.steps(session, runs.stream().map(r -> r.id).toList());
        return runs.stream()
                .map(r -> mapping.toRun(r, steps.getOrDefault(r.id, List.of())))
                .toList();
    }

    /** The conditions of a filter, the one way every list of runs filters (bound by {@link #bind}). */
    private static void where(RunFilter filter, StringBuilder hql) {
        filter.status().ifPresent(s -> hql.append(" and r.status = :status"));
        filter.mode().ifPresent(m -> hql.append(" and r.mode = :mode and r.kind = 'MATERIALIZE'"));
        filter.launchedBy().ifPresent(w -> hql.append(" and r.launchedBy = :launchedBy"));
        filter.group().ifPresent(g -> hql.append(" and r.groupId = :group"));
        filter.tag().ifPresent(t -> hql.append(" and r.tagsJson like :tag escape '!'"));
        filter.partition().ifPresent(p -> hql.append(" and r.partitionsJson like :partition escape '!'"));
        filter.createdFrom().ifPresent(t -> hql.append(" and r.createdAt >= :from"));
        filter.createdBefore().ifPresent(t -> hql.append(" and r.createdAt < :before"));
        filter.asset()
                .ifPresent(a -> hql.append(
                        " and exists (from RunStepEntity s where s.id.runId = r.id and s.assetKey = :asset)"));
    }

    private void bind(RunFilter filter, org.hibernate.query.SelectionQuery<?> q) {
        filter.status().ifPresent(s -> q.setParameter("status", s.name()));
        filter.mode().ifPresent(m -> q.setParameter("mode", m.name()));
        filter.launchedBy().ifPresent(w -> q.setParameter("launchedBy", w));
        filter.group().ifPresent(g -> q.setParameter("group", g));
        filter.tag().ifPresent(t -> q.setParameter("tag", tagPattern(t)));
        filter.partition().ifPresent(p -> q.setParameter("partition", "%" + like(mapping.json(p)) + "%"));
        filter.createdFrom().ifPresent(t -> q.setParameter("from", t));
        filter.createdBefore().ifPresent(t -> q.setParameter("before", t));
        filter.asset().ifPresent(a -> q.setParameter("asset", a.toString()));
    }

    @Override
    @Transactional
    public Map<RunStatus, Long> countByStatus(String group) {
        Map<RunStatus, Long> counts = new EnumMap<>(RunStatus.class);
        session.createSelectionQuery(
                        "select status, count(*) from RunEntity where groupId = :g group by status", Object[].class)
                .setParameter("g", group)
                .getResultList()
                .forEach(r -> counts.put(RunStatus.valueOf((String) r[0]), ((Number) r[1]).longValue()));
        return counts;
    }

    @Override
    @Transactional
    public List<String> partitionsOfGroup(String group, Set<RunStatus> statuses) {
        List<String> partitions = new ArrayList<>();
        session.createSelectionQuery(
                        "select partitionsJson from RunEntity where groupId = :g and status in :statuses order by seq",
                        String.class)
                .setParameter("g", group)
                .setParameter("statuses", statuses.stream().map(Enum::name).toList())
                .getResultList()
                .forEach(json -> partitions.addAll(mapping.strings(json)));
        return partitions;
    }

    @Override
    @Transactional
    public Map<AssetKey, AssetRun> lastStepByAsset(Collection<AssetKey> keys) {
        if (keys.isEmpty()) {
            return Map.of();
        }
        List<String> assets = keys.stream().map(AssetKey::toString).sorted().toList();
        Map<String, AssetRun> latest = session.doReturningWork(connection -> {
            Map<String, AssetRun> steps = new HashMap<>();
            try (PreparedStatement select = connection.prepareStatement(LAST_STEPS)) {
                select.setArray(1, connection.createArrayOf("varchar", assets.toArray()));
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next()) {
                        String runId = rs.getString(1);
                        String asset = rs.getString(3);
                        if (steps.containsKey(asset)) {
                            continue; // an older step of a run created at the same instant
                        }
                        steps.put(
                                asset,
                                new AssetRun(
                                        runId,
                                        new RunStep(
                                                rs.getInt(2),
                                                AssetKey.parse(asset),
                                                RunStatus.valueOf(rs.getString(4)),
                                                instant(rs, 5),
                                                instant(rs, 6),
                                                rs.getLong(7),
                                                rs.getLong(8),
                                                rs.getLong(9),
                                                rs.getString(10))));
                    }
                }
            }
            return steps;
        });
        Map<AssetKey, AssetRun> byAsset = new LinkedHashMap<>();
        for (String asset : assets) {
            AssetRun run = latest.get(asset);
            if (run != null) {
                byAsset.put(run.step().asset(), run);
            }
        }
        return byAsset;
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        OffsetDateTime at = rs.getObject(column, OffsetDateTime.class);
        return at == null ? null : at.toInstant();
    }

    @Override
    @Transactional
    public RunListing page(RunPageQuery query) {
        boolean older = query.direction() == RunPageQuery.Direction.OLDER;
        StringBuilder hql = new StringBuilder("from RunEntity r where 1 = 1");
        where(query.filter(), hql);
        query.cursor()
                .ifPresent(
                        c -> hql.append(
                                // the bound alone (<= or >=) lets the index on created_at start at the cursor: without
                                // it, H2 reads
                                // the index from its end down to the cursor, row by row
                                older
                                        ? " and r.createdAt <= :at and (r.createdAt < :at or (r.createdAt = :at and r.id < :id))"
                                        : " and r.createdAt >= :at and (r.createdAt > :at or (r.createdAt = :at and r.id > :id))"));
        hql.append(older ? " order by r.createdAt desc, r.id desc" : " order by r.createdAt asc, r.id asc");
        var q = session.createSelectionQuery(hql.toString(), RunEntity.class);
        bind(query.filter(), q);
        query.cursor().ifPresent(c -> {
            q.setParameter("at", c.createdAt());
            q.setParameter("id", c.id());
        });
        List<RunEntity> runs = q.setMaxResults(query.limit() + 1).getResultList();
        var steps = RunMapping.steps(session, runs.stream().map(r -> r.id).toList());
        return RunListing.of(
                runs.stream()
                        .map(r -> mapping.toRun(r, steps.getOrDefault(r.id, List.of())))
                        .toList(),
                query);
    }

    /**
     * The LIKE pattern (escape character {@code !}) of a tag in the stored tags, a JSON object written by
     * {@link RunMapping#tagsJson}: {@code "name":"value"} with the value, {@code "name":} without one.
     */
    private String tagPattern(RunFilter.Tag tag) {
        String name = mapping.json(tag.key()) + ":";
        String text = tag.value().map(v -> name + mapping.json(v)).orElse(name);
        return "%" + like(text) + "%";
    }

    /** {@code text} matched literally by LIKE ... ESCAPE '!'. */
    private static String like(String text) {
        return text.replace("!", "!!").replace("%", "!%").replace("_", "!_");
    }
}
