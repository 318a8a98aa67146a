package io.sluice.audit.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditFilter;
import io.sluice.audit.AuditLog;
import io.sluice.audit.AuditSearch;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.hibernate.Session;

@ApplicationScoped
public class JpaAuditLog implements AuditLog {

    private final Session session;
    private final ObjectMapper mapper;

    public JpaAuditLog(Session session, ObjectMapper mapper) {
        this.session = session;
        this.mapper = mapper;
    }

    @Override
    @Transactional
    public void record(AuditEvent event) {
        AuditEventEntity e = new AuditEventEntity();
        e.ts = event.ts();
        e.actor = event.actor();
        e.action = event.action().name();
        e.runId = event.runId();
        e.assets = event.assets();
        e.reason = event.reason();
        e.backfillId = event.backfillId();
        e.detailJson = detail(event);
        session.persist(e);
    }

    @Override
    @Transactional
    public void recordAll(List<AuditEvent> events) {
        if (events.isEmpty()) {
            return;
        }
        session.doWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement(
                    "INSERT INTO audit_event (ts, actor, action, run_id, assets, reason, detail_json, "
                            + "backfill_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (AuditEvent event : events) {
                    ps.setObject(1, event.ts().atOffset(ZoneOffset.UTC));
                    ps.setString(2, event.actor());
                    ps.setString(3, event.action().name());
                    text(ps, 4, event.runId());
                    text(ps, 5, event.assets());
                    text(ps, 6, event.reason());
                    ps.setString(7, detail(event));
                    text(ps, 8, event.backfillId());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        });
    }

    private static void text(PreparedStatement ps, int index, String value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.VARCHAR);
        } else {
            ps.setString(index, value);
        }
    }

    private String detail(AuditEvent event) {
        try {
            return mapper.writeValueAsString(event.detail());
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException("audit detail is not serializable", ex);
        }
    }

    @Override
    @Transactional
    public List<AuditEvent> forRun(String runId) {
        return session
                .createSelectionQuery("from AuditEventEntity where runId = :run order by id", AuditEventEntity.class)
                .setParameter("run", runId)
                .getResultList()
                .stream()
                .map(this::toEvent)
                .toList();
    }

    @Override
    @Transactional
    public List<AuditEvent> latest(int limit) {
        return session
                .createSelectionQuery("from AuditEventEntity order by id desc", AuditEventEntity.class)
                .setMaxResults(limit)
                .getResultList()
                .stream()
                .map(this::toEvent)
                .toList();
    }

    /** {@code text} matched literally by LIKE ... ESCAPE '!'. */
    static String likeLiteral(String text) {
        return text.replace("!", "!!").replace("%", "!%").replace("_", "!_");
    }

    private AuditEvent toEvent(AuditEventEntity e) {
        Map<String, Object> detail;
        try {
            detail = mapper.readValue(e.detailJson, new TypeReference<>() {});
        } catch (JsonProcessingException ex) {
            detail = Map.of("unreadable", e.detailJson);
        }
        return new AuditEvent(
                e.id, e.ts, e.actor, AuditAction.valueOf(e.action), e.runId, e.assets, e.reason, detail, e.backfillId);
    }

    @Override
    @Transactional
    public List<AuditEvent> search(AuditSearch search) {
        AuditFilter f = search.filter();
        StringBuilder hql = new StringBuilder("from AuditEventEntity e where 1 = 1");
        f.actor().ifPresent(a -> hql.append(" and e.actor = :actor"));
        f.action().ifPresent(a -> hql.append(" and e.action = :action"));
        // what the event is about: its run, its backfill, an asset of its list, or a name its detail gives as a value
        f.target()
                .ifPresent(t -> hql.append(" and (e.runId = :target or e.backfillId = :target or " + inAssets("target")
                        + " or e.detailJson like :targetDetail escape '!')"));
        // assets is a comma-separated list: the asset alone, first, in the middle or last (LIKE's wildcards in it
        // escaped)
        f.asset().ifPresent(a -> hql.append(" and ").append(inAssets("asset")));
        f.run().ifPresent(r -> hql.append(" and e.runId = :run"));
        f.backfill().ifPresent(b -> hql.append(" and e.backfillId = :backfill"));
        f.from().ifPresent(t -> hql.append(" and e.ts >= :from"));
        f.to().ifPresent(t -> hql.append(" and e.ts < :to"));
        search.beforeId().ifPresent(b -> hql.append(" and e.id < :before"));
        hql.append(" order by e.id desc");
        var q = session.createSelectionQuery(hql.toString(), AuditEventEntity.class);
        f.actor().ifPresent(a -> q.setParameter("actor", a));
        f.action().ifPresent(a -> q.setParameter("action", a.name()));
        f.target().ifPresent(t -> {
            q.setParameter("target", t);
            assetsIn(q, "target", t);
            q.setParameter("targetDetail", "%:" + likeLiteral(jsonString(t)) + "%");
        });
        f.asset().ifPresent(a -> {
            q.setParameter("asset", a);
            assetsIn(q, "asset", a);
        });
        f.run().ifPresent(r -> q.setParameter("run", r));
        f.backfill().ifPresent(b -> q.setParameter("backfill", b));
        f.from().ifPresent(t -> q.setParameter("from", t));
        f.to().ifPresent(t -> q.setParameter("to", t));
        search.beforeId().ifPresent(b -> q.setParameter("before", b));
        return q.setMaxResults(search.limit()).getResultList().stream()
                .map(this::toEvent)
                .toList();
    }

    /** The condition that the parameter {@code name} is one of the event's assets (bound by {@link #assetsIn}). */
    private static String inAssets(String name) {
        return "(e.assets = :" + name + " or e.assets like :" + name + "First escape '!' or e.assets like :" + name
                + "Middle escape '!' or e.assets like :" + name + "Last escape '!')";
    }

    private static void assetsIn(org.hibernate.query.SelectionQuery<?> q, String name, String value) {
        String literal = likeLiteral(value);
        q.setParameter(name + "First", literal + ",%")
                .setParameter(name + "Middle", "%," + literal + ",%")
                .setParameter(name + "Last", "%," + literal);
    }

    /** {@code text} as the detail's JSON writes a string value, quotes included. */
    private String jsonString(String text) {
        try {
            return mapper.writeValueAsString(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
