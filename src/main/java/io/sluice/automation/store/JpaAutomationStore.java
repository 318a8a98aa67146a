package io.sluice.automation.store;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.Session;

/** {@link AutomationStore} on the metadata store's {@code automation_state} and {@code automation_tick} tables. */
@ApplicationScoped
public class JpaAutomationStore implements AutomationStore {

    private final Session session;

    JpaAutomationStore(Session session) {
        this.session = session;
    }

    @Override
    public AutomationState ensure(TickRecord.Source source, String name, AutomationStatus defaultStatus, Instant now) {
        AutomationStateEntity.Id id = new AutomationStateEntity.Id(source.name(), name);
        try {
            return QuarkusTransaction.requiringNew().call(() -> {
                AutomationStateEntity e = session.find(AutomationStateEntity.class, id);
                if (e == null) {
                    e = new AutomationStateEntity();
                    e.id = id;
                    e.status = defaultStatus.name();
                    e.startedAt = defaultStatus == AutomationStatus.RUNNING ? now : null;
                    e.updatedAt = now;
                    session.persist(e);
                }
                return toState(e);
            });
        } catch (RuntimeException raced) {
            // another node created the row at the same instant: read the one that won
            return QuarkusTransaction.requiringNew()
                    .call(() -> find(source, name))
                    .orElseThrow(() -> raced);
        }
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public Optional<AutomationState> lock(TickRecord.Source source, String name) {
        AutomationStateEntity e = session.find(
                AutomationStateEntity.class,
                new AutomationStateEntity.Id(source.name(), name),
                LockModeType.PESSIMISTIC_WRITE);
        return Optional.ofNullable(e).map(JpaAutomationStore::toState);
    }

    @Override
    @Transactional
    public Optional<AutomationState> find(TickRecord.Source source, String name) {
        return Optional.ofNullable(
                        session.find(AutomationStateEntity.class, new AutomationStateEntity.Id(source.name(), name)))
                .map(JpaAutomationStore::toState);
    }

    @Override
    @Transactional
    public List<AutomationState> all(TickRecord.Source source) {
        return session
                .createSelectionQuery(
                        "from AutomationStateEntity where id.kind = :kind order by id.name",
                        AutomationStateEntity.class)
                .setParameter("kind", source.name())
                .getResultList()
                .stream()
                .map(JpaAutomationStore::toState)
                .toList();
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public void save(AutomationState state) {
        AutomationStateEntity e = session.find(
                AutomationStateEntity.class,
                new AutomationStateEntity.Id(state.source().name(), state.name()));
        if (e == null) {
            throw new IllegalStateException("no state row for " + state.source() + " " + state.name());
        }
        e.status = state.status().name();
        e.cursor = state.cursor().orElse(null);
        e.startedAt = state.startedAt().orElse(null);
        e.updatedAt = state.updatedAt();
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public long record(TickRecord tick) {
        AutomationTickEntity e = new AutomationTickEntity();
        e.kind = tick.source().name();
        e.name = tick.name();
        e.tickAt = tick.tick();
        e.evaluatedAt = tick.evaluatedAt();
        e.cursor = tick.cursor().orElse(null);
        if (tick.outcome() instanceof TickOutcome.Launched l) {
            e.outcome = "LAUNCHED";
            e.runIds = ids(l.runIds());
            e.backfillIds = ids(l.backfillIds());
        } else if (tick.outcome() instanceof TickOutcome.Skipped s) {
            e.outcome = "SKIPPED";
            e.detail = s.reason();
        } else if (tick.outcome() instanceof TickOutcome.Failed f) {
            e.outcome = "FAILED";
            e.detail = f.error();
        }
        session.persist(e);
        session.flush();
        return e.id;
    }

    @Override
    @Transactional
    public List<StoredTick> ticks(TickRecord.Source source, String name, int limit, Optional<Long> beforeId) {
        return session
                .createSelectionQuery(
                        "from AutomationTickEntity where kind = :kind and name = :name and id < :before"
                                + " order by id desc",
                        AutomationTickEntity.class)
                .setParameter("kind", source.name())
                .setParameter("name", name)
                .setParameter("before", beforeId.orElse(Long.MAX_VALUE))
                .setMaxResults(limit)
                .getResultList()
                .stream()
                .map(JpaAutomationStore::toTick)
                .toList();
    }

    @Override
    @Transactional
    public List<StoredTick> recent(TickRecord.Source source, int limit) {
        return session
                .createSelectionQuery(
                        "from AutomationTickEntity where kind = :kind order by id desc", AutomationTickEntity.class)
                .setParameter("kind", source.name())
                .setMaxResults(limit)
                .getResultList()
                .stream()
                .map(JpaAutomationStore::toTick)
                .toList();
    }

    @Override
    @Transactional
    public Map<String, StoredTick> newest(TickRecord.Source source, Collection<String> names) {
        Map<String, StoredTick> newest = new LinkedHashMap<>();
        if (names.isEmpty()) {
            return newest;
        }
        session.createSelectionQuery(
                        "from AutomationTickEntity t where t.id in (select max(x.id) from AutomationTickEntity x"
                                + " where x.kind = :kind and x.name in :names group by x.name)",
                        AutomationTickEntity.class)
                .setParameter("kind", source.name())
                .setParameter("names", List.copyOf(new java.util.TreeSet<>(names)))
                .getResultList()
                .forEach(e -> newest.put(e.name, toTick(e)));
        return newest;
    }

    @Override
    @Transactional
    public int prune(Instant before) {
        return session.createMutationQuery("delete from AutomationTickEntity where evaluatedAt < :before")
                .setParameter("before", before)
                .executeUpdate();
    }

    private static String ids(List<String> ids) {
        return ids.isEmpty() ? null : String.join(",", ids);
    }

    private static List<String> ids(String stored) {
        return stored == null ? List.of() : Arrays.asList(stored.split(","));
    }

    private static AutomationState toState(AutomationStateEntity e) {
        return new AutomationState(
                TickRecord.Source.valueOf(e.id.kind()),
                e.id.name(),
                AutomationStatus.valueOf(e.status),
                Optional.ofNullable(e.cursor),
                Optional.ofNullable(e.startedAt),
                e.updatedAt);
    }

    private static StoredTick toTick(AutomationTickEntity e) {
        TickOutcome outcome = switch (e.outcome) {
            case "LAUNCHED" -> new TickOutcome.Launched(ids(e.runIds), ids(e.backfillIds));
            case "SKIPPED" -> new TickOutcome.Skipped(e.detail == null ? "" : e.detail);
            default -> new TickOutcome.Failed(e.detail == null ? "" : e.detail);
        };
        return new StoredTick(
                e.id,
                new TickRecord(
                        TickRecord.Source.valueOf(e.kind),
                        e.name,
                        e.tickAt,
                        e.evaluatedAt,
                        outcome,
                        Optional.ofNullable(e.cursor)));
    }
}
