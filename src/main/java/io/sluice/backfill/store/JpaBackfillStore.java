package io.sluice.backfill.store;

import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillStatus;
import io.sluice.backfill.BackfillStore;
import io.sluice.backfill.Pauses;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.hibernate.Session;

/** {@link BackfillStore} on Hibernate ORM (H2 and PostgreSQL). */
@ApplicationScoped
public class JpaBackfillStore implements BackfillStore {

    private final Session session;

    public JpaBackfillStore(Session session) {
        this.session = session;
    }

    @Override
    @Transactional
    public void create(Backfill b) {
        BackfillEntity e = new BackfillEntity();
        e.id = b.id();
        e.status = b.status().name();
        e.assets = b.assets().stream().map(AssetKey::toString).collect(Collectors.joining(","));
        e.mode = b.mode().name();
        e.requestJson = b.requestJson();
        e.reason = b.reason();
        e.launchedBy = b.launchedBy();
        e.createdAt = b.createdAt();
        e.partitionCount = b.partitionCount();
        e.runCount = b.runCount();
        e.maxConcurrent = b.maxConcurrent();
        e.parentId = b.parentId();
        e.tagsJson = TagsJson.write(b.tags());
        session.persist(e);
    }

    @Override
    @Transactional
    public Optional<Backfill> find(String id) {
        return Optional.ofNullable(session.find(BackfillEntity.class, id)).map(JpaBackfillStore::toBackfill);
    }

    @Override
    @Transactional
    public List<String> idsEndingWith(String suffix, int limit) {
        return session.createSelectionQuery("select id from BackfillEntity where id like :end", String.class)
                .setParameter("end", "%" + suffix)
                .setMaxResults(limit)
                .getResultList();
    }

    @Override
    @Transactional
    public List<Backfill> retriesOf(String id) {
        return session
                .createSelectionQuery(
                        "from BackfillEntity where parentId = :id order by createdAt, id", BackfillEntity.class)
                .setParameter("id", id)
                .getResultList()
                .stream()
                .map(JpaBackfillStore::toBackfill)
                .toList();
    }

    @Override
    @Transactional
    public List<Backfill> withStatus(BackfillStatus status) {
        return session
                .createSelectionQuery("from BackfillEntity where status = :s order by createdAt", BackfillEntity.class)
                .setParameter("s", status.name())
                .getResultList()
                .stream()
                .map(JpaBackfillStore::toBackfill)
                .toList();
    }

    @Override
    @Transactional
    public List<String> idsWithStatus(Set<BackfillStatus> statuses) {
        return session.createSelectionQuery("select id from BackfillEntity where status in :s", String.class)
                .setParameter("s", statuses.stream().map(Enum::name).toList())
                .getResultList();
    }

    @Override
    @Transactional
    public Set<String> withStatus(Collection<String> ids, BackfillStatus status) {
        return new HashSet<>(session.createSelectionQuery(
                        "select id from BackfillEntity where id in :ids and status = :s", String.class)
                .setParameter("ids", ids)
                .setParameter("s", status.name())
                .getResultList());
    }

    @Override
    @Transactional
    public boolean transition(String id, Set<BackfillStatus> from, BackfillStatus to, Instant at) {
        BackfillEntity current = session.find(BackfillEntity.class, id);
        for (int attempt = 1; current != null; attempt++) {
            if (!from.contains(BackfillStatus.valueOf(current.status))) {
                return false;
            }
            if (moved(current, to, at)) {
                return true;
            }
            if (attempt == 5) {
                throw new IllegalStateException("backfill " + id + " kept changing while it was moved to " + to);
            }
            session.refresh(current); // changed meanwhile: read it again and see whether it can still move
        }
        return false;
    }

    /**
     * A conditional update on the status and the pause read: of two transitions at once, one wins, and the time paused
     * is added once.
     */
    private boolean moved(BackfillEntity current, BackfillStatus to, Instant at) {
        Pauses was = pauses(current);
        Pauses now = to == BackfillStatus.PAUSED ? was.pausedAt(at) : was.endedAt(at);
        String update = "update BackfillEntity set status = :to, endedAt = :ended, pausedAt = :pausedAt,"
                + " pausedMs = :pausedMs where id = :id and status = :status and "
                + (current.pausedAt == null ? "pausedAt is null" : "pausedAt = :was");
        var query = session.createMutationQuery(update)
                .setParameter("to", to.name())
                .setParameter("ended", to.isTerminal() ? at : null)
                .setParameter("pausedAt", now.since())
                .setParameter("pausedMs", now.before().toMillis())
                .setParameter("id", current.id)
                .setParameter("status", current.status);
        if (current.pausedAt != null) {
            query.setParameter("was", current.pausedAt);
        }
        boolean changed = query.executeUpdate() == 1;
        // a bulk update bypasses the persistence context: the entity read (also by the caller's transaction) would
        // still show the old status
        if (changed) {
            session.refresh(current);
        }
        return changed;
    }

    @Override
    @Transactional
    public List<Backfill> page(Optional<BackfillStatus> status, Optional<Position> after, int limit) {
        StringBuilder where = new StringBuilder("where 1 = 1");
        status.ifPresent(s -> where.append(" and status = :status"));
        // the bound alone lets the index on created_at start at the position (see JpaRunHistory#page)
        after.ifPresent(a -> where.append(
                " and createdAt <= :created and (createdAt < :created or (createdAt = :created and id < :id))"));
        var query = session.createSelectionQuery(
                "from BackfillEntity " + where + " order by createdAt desc, id desc", BackfillEntity.class);
        status.ifPresent(s -> query.setParameter("status", s.name()));
        after.ifPresent(a -> {
            query.setParameter("created", a.createdAt());
            query.setParameter("id", a.id());
        });
        return query.setMaxResults(limit).getResultList().stream()
                .map(JpaBackfillStore::toBackfill)
                .toList();
    }

    private static Pauses pauses(BackfillEntity e) {
        return new Pauses(e.pausedAt, Duration.ofMillis(e.pausedMs));
    }

    private static Backfill toBackfill(BackfillEntity e) {
        return new Backfill(
                e.id,
                BackfillStatus.valueOf(e.status),
                Arrays.stream(e.assets.split(",")).map(AssetKey::parse).toList(),
                MaterializationMode.valueOf(e.mode),
                e.requestJson,
                e.reason,
                e.launchedBy,
                e.createdAt,
                e.endedAt,
                e.partitionCount,
                e.runCount,
                e.maxConcurrent,
                e.parentId,
                TagsJson.read(e.tagsJson),
                pauses(e));
    }
}
