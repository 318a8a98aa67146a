package io.sluice.automation.trigger;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AssetPartition;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.Launch;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.catalog.AssetKey;
import io.sluice.freshness.FreshnessChanged;
import io.sluice.freshness.FreshnessState;
import io.sluice.runs.AssetState;
import io.sluice.runs.Materialization;
import io.sluice.runs.Run;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunService;
import io.sluice.runs.RunStatus;
import io.sluice.testing.Runs;
import io.sluice.testing.SettableClock;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code on_late} wired to the store: the late days come from the materializations stored (freshness evaluated live,
 * not the recorded states), the run is launched once by {@code trigger} and not again while it is queued, and once
 * its partitions are stored nothing is late and nothing is launched.
 */
@QuarkusTest
@TestProfile(OnLateProfile.class)
class OnLateTriggerTest {

    private static final AssetKey LATE = AssetKey.parse("test/late_daily");

    @Inject
    TriggerLoop loop;

    @Inject
    TriggerInputs inputs;

    @Inject
    TriggerDeclarations declarations;

    @Inject
    RunEventLog events;

    @Inject
    AssetState assets;

    @Inject
    RunService runs;

    @Inject
    RunQueue queue;

    @Inject
    AutomationStore store;

    @Inject
    SettableClock clock;

    @Inject
    Event<FreshnessChanged> changed;

    @Test
    void theLateDaysAreLaunchedOnceAndNothingOnceTheyAreIn() {
        awaitIdle(); // the start-up evaluation, at the system's date, finds nothing late
        clock.set(Instant.parse("2024-05-10T05:00:00Z"));
        for (String day : List.of("2024-05-02", "2024-05-03", "2024-05-04", "2024-05-05", "2024-05-07", "2024-05-08")) {
            landed(day, Instant.parse("2024-05-09T01:00:00Z"));
        }
        // the 6th is late since 06:00 on the 7th, the 9th due at 06:00 today (a warning from 04:00)
        assertThat(inputs.late(declarations.graph(), clock.instant()))
                .containsExactlyInAnyOrder(
                        AssetPartition.of(LATE, "2024-05-06"), AssetPartition.of(LATE, "2024-05-09"));

        loop.evaluateNow();
        List<Run> launched = runs("2024-05-06", "2024-05-09");
        assertThat(launched).singleElement().satisfies(run -> {
            assertThat(run.partitions()).containsExactly("2024-05-06", "2024-05-09");
            assertThat(run.tags()).containsEntry(Launch.TRIGGER_TAG, "on_late");
            assertThat(run.launchedBy()).isEqualTo("trigger");
        });
        assertThat(lastTick().outcome())
                .isEqualTo(new TickOutcome.Launched(List.of(launched.get(0).id()), List.of()));

        // queued: later evaluations launch nothing again
        clock.advance(Duration.ofMinutes(5));
        loop.evaluateNow();
        loop.evaluateNow();
        assertThat(runs("2024-05-06", "2024-05-09")).hasSize(1);

        // the run lands both days and ends: nothing is late, nothing launches
        String runId = launched.get(0).id();
        clock.advance(Duration.ofMinutes(5));
        QuarkusTransaction.requiringNew().run(() -> {
            events.recordMaterialization(
                    new Materialization(runId, LATE, "2024-05-06...2024-05-09", clock.instant(), 4, 0, 0, 0, "{}"));
            assets.recordPartitionOutcome(
                    LATE, List.of("2024-05-06", "2024-05-09"), "MATERIALIZED", runId, clock.instant());
            queue.claim(runId, clock.instant());
            queue.finish(runId, RunStatus.SUCCESS, clock.instant(), 0, 0, 0, null);
        });
        assertThat(inputs.late(declarations.graph(), clock.instant())).isEmpty();
        loop.evaluateNow();
        assertThat(runs("2024-05-06", "2024-05-09")).hasSize(1);
    }

    @Test
    void aFreshnessTransitionWakesTheEvaluatorWithoutAnyoneAsking() {
        awaitIdle();
        clock.set(Instant.parse("2024-05-20T07:00:00Z"));
        for (int day = 12; day <= 19; day++) {
            if (day != 15) {
                landed("2024-05-" + day, Instant.parse("2024-05-19T23:00:00Z"));
            }
        }
        changed.fire(new FreshnessChanged(
                LATE,
                Optional.of("2024-05-15"),
                FreshnessState.WARNING,
                FreshnessState.STALE,
                Instant.parse("2024-05-16T06:00:00Z"),
                "missing since its deadline"));
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (runs("2024-05-15").isEmpty() && Instant.now().isBefore(deadline)) {
            Runs.sleep(20);
        }
        assertThat(runs("2024-05-15"))
                .singleElement()
                .satisfies(run -> assertThat(run.partitions()).containsExactly("2024-05-15"));
        awaitIdle();
    }

    /** The runs of the asset over one of {@code days}. */
    private List<Run> runs(String... days) {
        List<String> wanted = List.of(days);
        return runs.list(new RunQuery(Optional.empty(), Optional.of(LATE), 500)).stream()
                .filter(r -> r.partitions().stream().anyMatch(wanted::contains))
                .toList();
    }

    private TickRecord lastTick() {
        List<StoredTick> ticks = store.ticks(TickRecord.Source.TRIGGER, LATE.toString(), 1, Optional.empty());
        assertThat(ticks).isNotEmpty();
        return ticks.get(0).tick();
    }

    private void landed(String day, Instant at) {
        String runId = UUID.randomUUID().toString();
        QuarkusTransaction.requiringNew().run(() -> {
            events.recordMaterialization(new Materialization(runId, LATE, day, at, 1, 0, 0, 0, "{}"));
            assets.recordPartitionOutcome(LATE, List.of(day), "MATERIALIZED", runId, at);
        });
    }

    private void awaitIdle() {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (!loop.idle() && Instant.now().isBefore(deadline)) {
            Runs.sleep(10);
        }
        assertThat(loop.idle()).isTrue();
    }
}
