package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.SensorSlots;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The contract of the automation store ({@link AutomationStore}): state rows that outlive a restart, cursors and tick
 * history written in the caller's transaction. Run by a subclass per backend.
 */
public abstract class AutomationStoreContract extends StorePortContract {

    @Inject
    AutomationStore store;

    private static String uniqueName() {
        return "contract_" + UUID.randomUUID().toString().replace("-", "");
    }

    @Test
    void ensureCreatesTheRowWithItsDefaultOnceAndKeepsWhatWasChangedSince() {
        String name = uniqueName();
        AutomationState created = store.ensure(TickRecord.Source.SCHEDULE, name, AutomationStatus.RUNNING, t0);
        assertThat(created.status()).isEqualTo(AutomationStatus.RUNNING);
        assertThat(created.startedAt()).contains(t0);
        assertThat(created.cursor()).isEmpty();

        QuarkusTransaction.requiringNew().run(() -> {
            AutomationState locked =
                    store.lock(TickRecord.Source.SCHEDULE, name).orElseThrow();
            store.save(locked.withStatus(AutomationStatus.STOPPED, t0.plusSeconds(5))
                    .withCursor("2030-01-01T00:10:00Z", t0.plusSeconds(5)));
        });
        AutomationState again =
                store.ensure(TickRecord.Source.SCHEDULE, name, AutomationStatus.RUNNING, t0.plusSeconds(9));
        assertThat(again.status()).as("a restart keeps the stopped status").isEqualTo(AutomationStatus.STOPPED);
        assertThat(again.cursor()).contains("2030-01-01T00:10:00Z");
        assertThat(again.updatedAt()).isEqualTo(t0.plusSeconds(5));
        assertThat(store.find(TickRecord.Source.SENSOR, name))
                .as("a sensor of the same name is another row")
                .isEmpty();
        assertThat(store.all(TickRecord.Source.SCHEDULE))
                .extracting(AutomationState::name)
                .contains(name);
    }

    @Test
    void aCursorAndTickHistoryCommitTogetherOrNotAtAll() {
        String name = uniqueName();
        store.ensure(TickRecord.Source.SENSOR, name, AutomationStatus.RUNNING, t0);
        assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() -> {
                    AutomationState state =
                            store.lock(TickRecord.Source.SENSOR, name).orElseThrow();
                    store.save(state.withCursor("c1", t0.plusSeconds(1)));
                    store.record(tick(TickRecord.Source.SENSOR, name, 1, new TickOutcome.Skipped("nothing new")));
                    throw new IllegalStateException("the launch failed");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(store.find(TickRecord.Source.SENSOR, name).orElseThrow().cursor())
                .isEmpty();
        assertThat(store.ticks(TickRecord.Source.SENSOR, name, 10, Optional.empty()))
                .isEmpty();

        QuarkusTransaction.requiringNew().run(() -> {
            AutomationState state = store.lock(TickRecord.Source.SENSOR, name).orElseThrow();
            store.save(state.withCursor("c1", t0.plusSeconds(1)));
            store.record(new TickRecord(
                    TickRecord.Source.SENSOR,
                    name,
                    t0.plusSeconds(1),
                    t0.plusSeconds(1),
                    new TickOutcome.Skipped("nothing new")));
        });
        assertThat(store.find(TickRecord.Source.SENSOR, name).orElseThrow().cursor())
                .contains("c1");
        assertThat(store.ticks(TickRecord.Source.SENSOR, name, 10, Optional.empty()))
                .singleElement()
                .satisfies(t -> assertThat(t.tick().outcome()).isEqualTo(new TickOutcome.Skipped("nothing new")));
    }

    @Test
    void historyIsNewestFirstInPagesWithEachOutcomeAsRecorded() {
        String name = uniqueName();
        List<TickOutcome> outcomes = List.of(
                new TickOutcome.Launched(List.of("r1", "r2"), List.of()),
                new TickOutcome.Skipped("no partition ended"),
                new TickOutcome.Failed("unknown asset 'x/y'"),
                new TickOutcome.Launched(List.of(), List.of("b1")));
        QuarkusTransaction.requiringNew().run(() -> {
            for (int i = 0; i < outcomes.size(); i++) {
                store.record(tick(TickRecord.Source.SCHEDULE, name, i, outcomes.get(i)));
            }
        });
        List<StoredTick> all = store.ticks(TickRecord.Source.SCHEDULE, name, 10, Optional.empty());
        assertThat(all)
                .extracting(t -> t.tick().outcome())
                .containsExactly(outcomes.get(3), outcomes.get(2), outcomes.get(1), outcomes.get(0));
        assertThat(all).extracting(t -> t.tick().tick()).isSortedAccordingTo((a, b) -> b.compareTo(a));
        List<StoredTick> first = store.ticks(TickRecord.Source.SCHEDULE, name, 2, Optional.empty());
        List<StoredTick> next = store.ticks(
                TickRecord.Source.SCHEDULE, name, 2, Optional.of(first.get(1).id()));
        assertThat(first).hasSize(2);
        assertThat(next).extracting(t -> t.tick().outcome()).containsExactly(outcomes.get(1), outcomes.get(0));
        assertThat(store.recent(TickRecord.Source.SCHEDULE, 1000))
                .extracting(t -> t.tick().name())
                .contains(name);
    }

    @Test
    void theNewestTickOfManyNamesAtOnce() {
        String a = uniqueName();
        String b = uniqueName();
        QuarkusTransaction.requiringNew().run(() -> {
            store.record(tick(TickRecord.Source.TRIGGER, a, 0, new TickOutcome.Skipped("first")));
            store.record(tick(TickRecord.Source.TRIGGER, a, 1, new TickOutcome.Skipped("second")));
            store.record(tick(TickRecord.Source.TRIGGER, b, 0, new TickOutcome.Skipped("only")));
            store.record(tick(TickRecord.Source.SENSOR, a, 2, new TickOutcome.Skipped("a sensor of that name")));
        });
        Map<String, StoredTick> newest = store.newest(TickRecord.Source.TRIGGER, List.of(a, b, uniqueName()));
        assertThat(newest).containsOnlyKeys(a, b);
        assertThat(newest.get(a).tick().outcome()).isEqualTo(new TickOutcome.Skipped("second"));
        assertThat(newest.get(b).tick().outcome()).isEqualTo(new TickOutcome.Skipped("only"));
        assertThat(store.newest(TickRecord.Source.TRIGGER, List.of())).isEmpty();
    }

    @Test
    void pruningDeletesOnlyHistoryEvaluatedBeforeTheLimit() {
        String name = uniqueName();
        QuarkusTransaction.requiringNew().run(() -> {
            store.record(tick(TickRecord.Source.TRIGGER, name, 0, new TickOutcome.Skipped("old")));
            store.record(tick(TickRecord.Source.TRIGGER, name, 100, new TickOutcome.Skipped("new")));
        });
        assertThat(store.prune(t0.plusSeconds(50))).isGreaterThanOrEqualTo(1);
        assertThat(store.ticks(TickRecord.Source.TRIGGER, name, 10, Optional.empty()))
                .extracting(t -> t.tick().outcome())
                .containsExactly(new TickOutcome.Skipped("new"));
    }

    /**
     * Two fires of one sensor in one slot, on two connections at once (two nodes): each locks the state row and
     * evaluates only if the slot is after the last one evaluated ({@link SensorSlots#due}), then records its tick and
     * the slot in the same transaction. The second reads the slot the first stored once it holds the lock: one
     * evaluation, one history entry; the next slot evaluates again.
     */
    @Test
    void slotFence() throws Exception {
        String name = uniqueName();
        store.ensure(TickRecord.Source.SENSOR, name, AutomationStatus.RUNNING, t0);
        Instant slot = t0.plusSeconds(10);
        AtomicInteger evaluations = new AtomicInteger();
        CyclicBarrier together = new CyclicBarrier(2);
        Callable<Boolean> fire = () -> {
            together.await();
            return QuarkusTransaction.requiringNew().call(() -> tickIn(name, slot, evaluations));
        };
        ExecutorService nodes = Executors.newFixedThreadPool(2);
        try {
            List<Future<Boolean>> fires = List.of(nodes.submit(fire), nodes.submit(fire));
            List<Boolean> evaluated = new ArrayList<>();
            for (Future<Boolean> f : fires) {
                evaluated.add(f.get(60, TimeUnit.SECONDS));
            }
            assertThat(evaluated).containsExactlyInAnyOrder(true, false);
        } finally {
            nodes.shutdownNow();
        }
        assertThat(evaluations).hasValue(1);
        assertThat(store.ticks(TickRecord.Source.SENSOR, name, 10, Optional.empty()))
                .hasSize(1);
        assertThat(store.find(TickRecord.Source.SENSOR, name).orElseThrow().lastSlot())
                .contains(slot);

        assertThat(QuarkusTransaction.requiringNew().call(() -> tickIn(name, slot, evaluations)))
                .as("a late fire of the same slot")
                .isFalse();
        assertThat(QuarkusTransaction.requiringNew().call(() -> tickIn(name, slot.plusSeconds(10), evaluations)))
                .as("the next slot")
                .isTrue();
        assertThat(evaluations).hasValue(2);
        assertThat(store.ticks(TickRecord.Source.SENSOR, name, 10, Optional.empty()))
                .hasSize(2);
        assertThat(store.find(TickRecord.Source.SENSOR, name).orElseThrow().lastSlot())
                .contains(slot.plusSeconds(10));
    }

    /** One fenced tick as {@code SensorTicker.fire} does it, in the caller's transaction; answers whether it evaluated. */
    private boolean tickIn(String name, Instant slot, AtomicInteger evaluations) {
        AutomationState state = store.lock(TickRecord.Source.SENSOR, name).orElseThrow();
        if (!SensorSlots.due(state.lastSlot(), slot)) {
            return false;
        }
        evaluations.incrementAndGet();
        store.record(new TickRecord(TickRecord.Source.SENSOR, name, slot, slot, new TickOutcome.Skipped("evaluated")));
        store.save(state.withLastSlot(slot, slot));
        return true;
    }

    @Test
    void lockingNeedsTheCallersTransaction() {
        String name = uniqueName();
        store.ensure(TickRecord.Source.SCHEDULE, name, AutomationStatus.STOPPED, t0);
        assertThatThrownBy(() -> store.lock(TickRecord.Source.SCHEDULE, name)).isNotNull();
    }

    private TickRecord tick(TickRecord.Source source, String name, int seconds, TickOutcome outcome) {
        return new TickRecord(source, name, t0.plusSeconds(seconds), t0.plusSeconds(seconds), outcome);
    }
}
