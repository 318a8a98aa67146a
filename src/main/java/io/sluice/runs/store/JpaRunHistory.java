package io.sluice.runs.store;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetRun;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunListing;
import io.sluice.runs.RunPageQuery;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.hibernate.Session;

/** {@link RunHistory} on Hibernate ORM; the same code runs on H2 and PostgreSQL. */
@ApplicationScoped
public class JpaRunHistory implements RunHistory {

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
    public List<Run> list(RunQuery query) {
        StringBuilder hql = new StringBuilder("from RunEntity r where 1 = 1");
        query.status().ifPresent(s -> hql.append(" and r.status = :status"));
        query.asset()
                .ifPresent(a -> hql.append(
                        " and exists (from RunStepEntity s where s.id.runId = r.id and s.assetKey = :asset)"));
        query.group().ifPresent(g -> hql.append(" and r.groupId = :group"));
        if (!query.queuedGroupRuns()) {
            hql.append(" and (r.groupId is null or r.status <> 'QUEUED')");
        }
        hql.append(" order by r.createdAt desc, r.seq desc, r.id desc");
        var q = session.createSelectionQuery(hql.toString(), RunEntity.class);
        query.status().ifPresent(s -> q.setParameter("status", s.name()));
        query.asset().ifPresent(a -> q.setParameter("asset", a.toString()));
        query.group().ifPresent(g -> q.setParameter("group", g));
        List<RunEntity> runs =
                q.setFirstResult(query.offset()).setMaxResults(query.limit()).getResultList();
        var steps = RunMapping.steps(session, runs.stream().map(r -> r.id).toList());
        return runs.stream()
                .map(r -> mapping.toRun(r, steps.getOrDefault(r.id, List.of())))
                .toList();
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
        Map<AssetKey, AssetRun> byAsset = new LinkedHashMap<>();
        for (String asset : keys.stream().map(AssetKey::toString).sorted().toList()) {
            session.createSelectionQuery(
                            "select s from RunStepEntity s, RunEntity r where r.id = s.id.runId and s.assetKey = :asset "
                                    + "order by r.createdAt desc, r.seq desc, r.id desc",
                            RunStepEntity.class)
                    .setParameter("asset", asset)
                    .setMaxResults(1)
                    .getResultList()
                    .forEach(s ->
                            byAsset.put(AssetKey.parse(s.assetKey), new AssetRun(s.id.runId, RunMapping.toStep(s))));
        }
        return byAsset;
    }

    @Override
    @Transactional
    public RunListing page(RunPageQuery query) {
        boolean older = query.direction() == RunPageQuery.Direction.OLDER;
        StringBuilder hql = new StringBuilder("from RunEntity r where 1 = 1");
        query.status().ifPresent(s -> hql.append(" and r.status = :status"));
        query.mode().ifPresent(m -> hql.append(" and r.mode = :mode and r.kind = 'MATERIALIZE'"));
        query.launchedBy().ifPresent(w -> hql.append(" and r.launchedBy = :launchedBy"));
        query.group().ifPresent(g -> hql.append(" and r.groupId = :group"));
        query.tag().ifPresent(t -> hql.append(" and r.tagsJson like :tag escape '!'"));
        query.createdFrom().ifPresent(t -> hql.append(" and r.createdAt >= :from"));
        query.createdBefore().ifPresent(t -> hql.append(" and r.createdAt < :before"));
        query.asset()
                .ifPresent(a -> hql.append(
                        " and exists (from RunStepEntity s where s.id.runId = r.id and s.assetKey = :asset)"));
        query.cursor()
                .ifPresent(c -> hql.append(
                        older
                                ? " and (r.createdAt < :at or (r.createdAt = :at and r.id < :id))"
                                : " and (r.createdAt > :at or (r.createdAt = :at and r.id > :id))"));
        hql.append(older ? " order by r.createdAt desc, r.id desc" : " order by r.createdAt asc, r.id asc");
        var q = session.createSelectionQuery(hql.toString(), RunEntity.class);
        query.status().ifPresent(s -> q.setParameter("status", s.name()));
        query.mode().ifPresent(m -> q.setParameter("mode", m.name()));
        query.launchedBy().ifPresent(w -> q.setParameter("launchedBy", w));
        query.group().ifPresent(g -> q.setParameter("group", g));
        query.tag().ifPresent(t -> q.setParameter("tag", tagPattern(t)));
        query.createdFrom().ifPresent(t -> q.setParameter("from", t));
        query.createdBefore().ifPresent(t -> q.setParameter("before", t));
        query.asset().ifPresent(a -> q.setParameter("asset", a.toString()));
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
    private String tagPattern(RunPageQuery.Tag tag) {
        String name = mapping.json(tag.key()) + ":";
        String text = tag.value().map(v -> name + mapping.json(v)).orElse(name);
        return "%" + text.replace("!", "!!").replace("%", "!%").replace("_", "!_") + "%";
    }
}
