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
import java.util.stream.Collectors;
import org.hibernate.Session;

/**
 * {@link AutomationStore} on the metadata store's {@code automation_state}, {@code automation_cursor} and
 * {@code automation_tick} tables. The cursor has a table of its own, written only when it changes: the state row is
 * locked at every tick, and H2 writes a locked row again, so a large cursor on it was copied into the file every few
 * seconds.
 */
@ApplicationScoped
public class JpaAutomationStore implements AutomationStore {

    /** Entries deleted per transaction when history is pruned. */
    static final int PRUNE_BATCH = 10_000;

    private final Session session;

    private final TickMetrics metrics;

    JpaAutomationStore(Session session, TickMetrics metrics) {
        this.session = session;
        this.metrics = metrics;
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
                return toState(e, cursorOf(id));
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
        AutomationStateEntity.Id id = new AutomationStateEntity.Id(source.name(), name);
        AutomationStateEntity e = session.find(AutomationStateEntity.class, id, LockModeType.PESSIMISTIC_WRITE);
        return Optional.ofNullable(e).map(state -> toState(state, cursorOf(id)));
    }

    @Override
    @Transactional
    public Optional<AutomationState> find(TickRecord.Source source, String name) {
        AutomationStateEntity.Id id = new AutomationStateEntity.Id(source.name(), name);
        return Optional.ofNullable(session.find(AutomationStateEntity.class, id))
                .map(state -> toState(state, cursorOf(id)));
    }

    @Override
    @Transactional
    public List<AutomationState> all(TickRecord.Source source) {
        Map<String, String> cursors = session
                .createSelectionQuery("from AutomationCursorEntity where id.kind = :kind", AutomationCursorEntity.class)
                .setParameter("kind", source.name())
                .getResultList()
                .stream()
                .collect(Collectors.toMap(c -> c.id.name(), c -> c.cursor));
        return session
                .createSelectionQuery(
                        "from AutomationStateEntity where id.kind = :kind order by id.name",
                        AutomationStateEntity.class)
                .setParameter("kind", source.name())
                .getResultList()
                .stream()
                .map(e -> toState(e, Optional.ofNullable(cursors.get(e.id.name()))))
                .toList();
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public void save(AutomationState state) {
        AutomationStateEntity.Id id =
                new AutomationStateEntity.Id(state.source().name(), state.name());
        AutomationStateEntity e = session.find(AutomationStateEntity.class, id);
        if (e == null) {
            throw new IllegalStateException("no state row for " + state.source() + " " + state.name());
        }
        e.status = state.status().name();
        e.startedAt = state.startedAt().orElse(null);
        e.updatedAt = state.updatedAt();
        e.lastSlot = state.lastSlot().map(Instant::toEpochMilli).orElse(null);
        AutomationCursorEntity cursor = session.find(AutomationCursorEntity.class, id);
        if (state.cursor().isEmpty()) {
            if (cursor != null) {
                session.remove(cursor);
            }
        } else if (cursor == null) {
            cursor = new AutomationCursorEntity();
            cursor.id = id;
            cursor.cursor = state.cursor().get();
            session.persist(cursor);
        } else if (!cursor.cursor.equals(state.cursor().get())) {
            cursor.cursor = state.cursor().get();
        }
    }

    private Optional<String> cursorOf(AutomationStateEntity.Id id) {
        return Optional.ofNullable(session.find(AutomationCursorEntity.class, id))
                .map(c -> c.cursor);
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public long record(TickRecord tick) {
        AutomationTickEntity e = new AutomationTickEntity();
        e.kind = tick.source().name();
        e.name = tick.name();
        e.tickAt = tick.tick();
        e.evaluatedAt = tick.evaluatedAt();
        if (tick.outcome() instanceof TickOutcome.Launched l) {
            e.outcome = "LAUNCHED";
            e.runIds = ids(l.runIds());
            e.backfillIds = ids(l.backfillIds());
            e.detail = l.note().isEmpty() ? null : l.note();
        } else if (tick.outcome() instanceof TickOutcome.Skipped s) {
            e.outcome = "SKIPPED";
            e.detail = s.reason();
        } else if (tick.outcome() instanceof TickOutcome.Failed f) {
            e.outcome = "FAILED";
            e.detail = f.error();
        }
        session.persist(e);
        session.flush();
        metrics.recorded(tick);
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

    /**
     * Deletes in transactions of {@value #PRUNE_BATCH} entries each, so that a large backlog (a sensor every 5 s for a
     * month is half a million entries) is not one huge transaction.
     */
    @Override
    public int prune(Instant before) {
        int total = 0;
        int deleted;
        do {
            deleted = QuarkusTransaction.requiringNew()
                    .call(() -> session.createNativeMutationQuery("DELETE FROM automation_tick WHERE id IN"
                                    + " (SELECT id FROM automation_tick WHERE evaluated_at < :before"
                                    + " FETCH FIRST " + PRUNE_BATCH + " ROWS ONLY)")
                            .setParameter("before", before)
                            .executeUpdate());
            total += deleted;
        } while (deleted == PRUNE_BATCH);
        return total;
    }

    private static String ids(List<String> ids) {
        return ids.isEmpty() ? null : String.join(",", ids);
    }

    private static List<String> ids(String stored) {
        return stored == null ? List.of() : Arrays.asList(stored.split(","));
    }

    private static AutomationState toState(AutomationStateEntity e, Optional<String> cursor) {
        return new AutomationState(
                TickRecord.Source.valueOf(e.id.kind()),
                e.id.name(),
                AutomationStatus.valueOf(e.status),
                cursor,
                Optional.ofNullable(e.startedAt),
                e.updatedAt,
                Optional.ofNullable(e.lastSlot).map(Instant::ofEpochMilli));
    }

    private static StoredTick toTick(AutomationTickEntity e) {
        TickOutcome outcome = switch (e.outcome) {
            case "LAUNCHED" -> new TickOutcome.Launched(ids(e.runIds), ids(e.backfillIds), e.detail);
            case "SKIPPED" -> new TickOutcome.Skipped(e.detail == null ? "" : e.detail);
            default -> new TickOutcome.Failed(e.detail == null ? "" : e.detail);
        };
        return new StoredTick(
                e.id, new TickRecord(TickRecord.Source.valueOf(e.kind), e.name, e.tickAt, e.evaluatedAt, outcome));
    }
}
