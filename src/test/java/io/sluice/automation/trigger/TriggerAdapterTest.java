package io.sluice.automation.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.Launch;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.AssetCheck;
import io.sluice.lake.CheckResult;
import io.sluice.runs.AssetState;
import io.sluice.runs.Materialization;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.Run;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.RunFinished;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunService;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunsEnded;
import io.sluice.testing.Runs;
import io.sluice.testing.SettableClock;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The trigger adapter end to end from the store's side: the test stores what upstream runs would have stored (their
 * materialization events, partition outcomes and check results) and wakes the evaluator as the end of a run does;
 * launched runs stay queued (runs are not executed in {@link TriggerProfile}). Each test uses its own days.
 */
@QuarkusTest
@TestProfile(TriggerProfile.class)
class TriggerAdapterTest {

    private static final AssetKey HOURLY = AssetKey.parse("test/hourly");
    private static final AssetKey ROLLUP = AssetKey.parse("test/daily_rollup");
    private static final AssetKey SUMMARY = AssetKey.parse("test/rollup_summary");
    private static final AssetKey CHECKED = AssetKey.parse("test/checked");
    private static final AssetKey AFTER_CHECKED = AssetKey.parse("test/after_checked");
    private static final AssetKey DAILY = AssetKey.parse("test/daily");

    @Inject
    TriggerLoop loop;

    @Inject
    TriggerEvaluation evaluation;

    @Inject
    TriggerDeclarations declarations;

    @Inject
    RunEventLog events;

    @Inject
    AssetState assets;

    @Inject
    RunService runs;

    @Inject
    AutomationStore store;

    @Inject
    SettableClock clock;

    @Inject
    RunQueue queue;

    @Inject
    Event<RunsEnded> ended;

    @BeforeEach
    void quiet() {
        clock.set(Instant.parse("2024-03-20T12:00:00Z"));
        awaitIdle();
    }

    @Test
    void aDailyAssetStartsWhenAll24HoursOfItsDayAreInWithTheMappedPartition() {
        hours("2024-02-01", 0, 23);
        loop.evaluateNow();
        assertThat(runsOf(ROLLUP, "2024-02-01")).isEmpty();
        assertThat(lastTick(ROLLUP).outcome()).isInstanceOf(TickOutcome.Skipped.class);
        assertThat(((TickOutcome.Skipped) lastTick(ROLLUP).outcome()).reason())
                .contains("2024-02-01")
                .contains("UPSTREAM_MISSING");

        hours("2024-02-01", 23, 24);
        loop.evaluateNow();
        List<Run> launched = runsOf(ROLLUP, "2024-02-01");
        assertThat(launched).hasSize(1);
        Run run = launched.get(0);
        assertThat(run.partitions()).containsExactly("2024-02-01");
        assertThat(run.tags()).containsEntry(Launch.TRIGGER_TAG, "eager");
        assertThat(run.launchedBy()).isEqualTo("trigger");
        assertThat(lastTick(ROLLUP).outcome()).isEqualTo(new TickOutcome.Launched(List.of(run.id()), List.of()));
    }

    @Test
    void anEventOfARunThatWroteARangeOfHoursAtOnceStandsForEachHour() {
        String runId = UUID.randomUUID().toString();
        List<String> hours = new ArrayList<>();
        for (int h = 0; h < 24; h++) {
            hours.add("2024-02-21-" + String.format("%02d:00", h));
        }
        QuarkusTransaction.requiringNew().run(() -> {
            events.recordMaterialization(new Materialization(
                    runId, HOURLY, hours.get(0) + "..." + hours.get(23), clock.instant(), 24, 0, 0, 0, "{}"));
            assets.recordPartitionOutcome(HOURLY, hours, "MATERIALIZED", runId, clock.instant());
        });
        loop.evaluateNow();
        assertThat(runsOf(ROLLUP, "2024-02-21")).hasSize(1);
    }

    @Test
    void theEndOfARunWakesTheEvaluatorWithoutAnyoneAsking() {
        hours("2024-02-05", 0, 24);
        ended.fire(new RunsEnded(List.of(new RunFinished("upstream", null, RunStatus.SUCCESS, List.of(HOURLY)))));
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (runsOf(ROLLUP, "2024-02-05").isEmpty() && Instant.now().isBefore(deadline)) {
            Runs.sleep(20);
        }
        assertThat(runsOf(ROLLUP, "2024-02-05")).hasSize(1);
    }

    @Test
    void runsOfAssetsNoTriggerWatchesCostTheEvaluatorNothing() {
        AssetKey unwatched = AssetKey.parse("test/slow_daily");
        assertThat(declarations.graph().watched()).contains(HOURLY, ROLLUP).doesNotContain(unwatched);
        loop.evaluateNow(); // whatever earlier tests left is decided now
        awaitIdle();
        long wakeUps = loop.wakeUps();
        AutomationState before =
                store.find(TickRecord.Source.TRIGGER, TriggerEvaluation.NAME).orElseThrow();

        // their end does not wake the evaluator
        for (int i = 0; i < 50; i++) {
            landed(unwatched, "2024-01-" + String.format("%02d", 1 + i % 28), clock.instant());
            ended.fire(
                    new RunsEnded(List.of(new RunFinished("other-" + i, null, RunStatus.SUCCESS, List.of(unwatched)))));
        }
        assertThat(loop.wakeUps()).isEqualTo(wakeUps);
        assertThat(loop.idle()).isTrue();

        // and an evaluation (the interval's, or another run's) reads none of their events and saves no state
        clock.set(clock.instant().plusSeconds(1)); // a save would stamp the row later
        TriggerEvaluation.Result result = loop.evaluateNow();
        assertThat(result.events()).isZero();
        assertThat(store.find(TickRecord.Source.TRIGGER, TriggerEvaluation.NAME).orElseThrow())
                .isEqualTo(before);

        // the end of a run of a watched asset wakes it, and so does one whose assets are not known
        ended.fire(new RunsEnded(List.of(new RunFinished("upstream", null, RunStatus.SUCCESS, List.of(HOURLY)))));
        ended.fire(new RunsEnded(List.of(new RunFinished("recovered", null, RunStatus.FAILURE))));
        assertThat(loop.wakeUps()).isEqualTo(wakeUps + 2);
        awaitIdle();
    }

    @Test
    void aBurstOfEventsIsOneEvaluationAndOnePlannedSetOfRuns() {
        long batchesBefore = evaluation.batches();
        // ten days of hours (240 events), as ten upstream runs would end, each waking the evaluator
        for (int day = 10; day < 20; day++) {
            hours("2024-02-" + day, 0, 24);
        }
        for (int i = 0; i < 240; i++) {
            ended.fire(
                    new RunsEnded(List.of(new RunFinished("upstream-" + i, null, RunStatus.SUCCESS, List.of(HOURLY)))));
        }
        loop.evaluateNow();
        awaitIdle();
        assertThat(evaluation.batches() - batchesBefore).isEqualTo(1);
        List<Run> launched = new ArrayList<>();
        for (int day = 10; day < 20; day++) {
            launched.addAll(runsOf(ROLLUP, "2024-02-" + day));
        }
        assertThat(launched.stream().map(Run::id).distinct()).hasSize(1);
        assertThat(launched.get(0).partitions())
                .containsExactly(
                        "2024-02-10",
                        "2024-02-11",
                        "2024-02-12",
                        "2024-02-13",
                        "2024-02-14",
                        "2024-02-15",
                        "2024-02-16",
                        "2024-02-17",
                        "2024-02-18",
                        "2024-02-19");
    }

    @Test
    void aPartitionAlreadyQueuedIsNotLaunchedAgain() {
        hours("2024-02-03", 0, 24);
        loop.evaluateNow();
        assertThat(runsOf(ROLLUP, "2024-02-03")).hasSize(1);
        hours("2024-02-03", 5, 6); // the hour lands again while the day's run is still queued
        loop.evaluateNow();
        assertThat(runsOf(ROLLUP, "2024-02-03")).hasSize(1);
        assertThat(((TickOutcome.Skipped) lastTick(ROLLUP).outcome()).reason())
                .contains("already queued or running")
                .contains("2024-02-03");
    }

    @Test
    void aFailedBlockingCheckUpstreamHoldsTheTriggerUntilItPasses() {
        List<String> before = endAll(AFTER_CHECKED);
        String good = landed(CHECKED, null, clock.instant());
        checks(good, true);
        String bad = UUID.randomUUID().toString();
        checks(bad, false); // a later run of test/checked failed its blocking check: nothing published
        loop.evaluateNow();
        assertThat(newRunsOf(AFTER_CHECKED, before)).isEmpty();
        assertThat(((TickOutcome.Skipped) lastTick(AFTER_CHECKED).outcome()).reason())
                .contains("FAILED_CHECK");

        String fixed = landed(CHECKED, null, clock.instant());
        checks(fixed, true);
        loop.evaluateNow();
        assertThat(newRunsOf(AFTER_CHECKED, before)).hasSize(1);
    }

    @Test
    void aFailedCommitLeavesTheCursorAndTheNextEvaluationLaunchesOnce() {
        hours("2024-02-07", 0, 24);
        Optional<String> before = cursor();
        evaluation.beforeCommit(() -> {
            throw new IllegalStateException("the commit failed");
        });
        try {
            assertThatThrownBy(loop::evaluateNow).hasStackTraceContaining("the commit failed");
        } finally {
            evaluation.beforeCommit(() -> {});
        }
        assertThat(cursor()).isEqualTo(before);
        assertThat(runsOf(ROLLUP, "2024-02-07")).isEmpty();

        loop.evaluateNow();
        loop.evaluateNow();
        assertThat(runsOf(ROLLUP, "2024-02-07")).hasSize(1);
        assertThat(cursor()).isNotEqualTo(before);
    }

    @Test
    void onCronLaunchesOncePerTickOnceItsUpstreamWasUpdatedSinceTheTick() {
        clock.set(Instant.parse("2024-04-02T12:00:00Z"));
        landed(ROLLUP, "2024-04-01", Instant.parse("2024-04-02T08:00:00Z")); // before the 09:00 tick
        loop.evaluateNow();
        assertThat(runsOf(SUMMARY, null)).isEmpty();
        assertThat(((TickOutcome.Skipped) lastTick(SUMMARY).outcome()).reason()).contains("NOT_UPDATED_SINCE_TICK");

        landed(ROLLUP, "2024-04-01", Instant.parse("2024-04-02T10:00:00Z"));
        loop.evaluateNow();
        loop.evaluateNow();
        assertThat(runsOf(SUMMARY, null)).hasSize(1);
        assertThat(runsOf(SUMMARY, null).get(0).tags()).containsEntry(Launch.TRIGGER_TAG, "on_cron(0 9 * * *, UTC)");
    }

    @Test
    void missingLaunchesTheUnmaterializedDaysOfItsWindow() {
        clock.set(Instant.parse("2024-06-10T12:00:00Z"));
        landed(DAILY, "2024-06-08", Instant.parse("2024-06-09T01:00:00Z"));
        loop.evaluateNow();
        List<String> launched = runs.list(new RunQuery(Optional.empty(), Optional.of(DAILY), 500)).stream()
                .filter(r -> "missing(PT72H)".equals(r.tags().get(Launch.TRIGGER_TAG)))
                .flatMap(r -> r.partitions().stream())
                .filter(p -> p.startsWith("2024-06"))
                .sorted()
                .toList();
        assertThat(launched).containsExactly("2024-06-07", "2024-06-09");
    }

    @Test
    void aRunQueuedOverAnHourTheDayReadsHoldsTheDayUntilItHasEnded() {
        hours("2024-02-23", 0, 24);
        String busy = runs.launch(new io.sluice.runs.RunRequest(
                        List.of(HOURLY.toString()),
                        io.sluice.runs.MaterializationMode.INCREMENTAL,
                        List.of(),
                        List.of("2024-02-23-05:00"),
                        null,
                        "the hour again",
                        "tester",
                        java.util.Map.of()))
                .id();
        loop.evaluateNow();
        assertThat(runsOf(ROLLUP, "2024-02-23")).isEmpty();
        assertThat(((TickOutcome.Skipped) lastTick(ROLLUP).outcome()).reason())
                .contains("UPSTREAM_IN_PROGRESS", "run " + busy, "2024-02-23-05:00");

        end(busy, RunStatus.SUCCESS);
        loop.evaluateNow();
        assertThat(runsOf(ROLLUP, "2024-02-23")).hasSize(1);
    }

    @Test
    void aRunningBackfillHoldsTheDaysItTargetsAndAPausedOneHoldsNothing() {
        hours("2024-02-25", 0, 24);
        String backfill = io.sluice.testing.Backfills.launch("{\"assets\":[\"test/hourly\"],"
                + "\"ranges\":[{\"start\":\"2024-02-25-00:00\",\"end\":\"2024-02-25-23:00\"}],"
                + "\"reason\":\"hours again\"}");
        try {
            loop.evaluateNow();
            assertThat(runsOf(ROLLUP, "2024-02-25")).isEmpty();
            assertThat(((TickOutcome.Skipped) lastTick(ROLLUP).outcome()).reason())
                    .contains("UPSTREAM_IN_PROGRESS", "backfill " + backfill);

            // paused, its queued runs start nothing: they no longer hold the day, which launches over what landed
            steer(backfill, "pause");
            loop.evaluateNow();
            assertThat(runsOf(ROLLUP, "2024-02-25")).hasSize(1);
        } finally {
            steer(backfill, "cancel");
        }
    }

    @Test
    void anUpstreamWriteThatChangedNoRowTriggersNothing() {
        List<String> before = endAll(AFTER_CHECKED);
        // test/checked publishes a table: a write that inserted and removed no row left it as it was
        String unchanged = UUID.randomUUID().toString();
        QuarkusTransaction.requiringNew()
                .run(() -> events.recordMaterialization(
                        new Materialization(unchanged, CHECKED, null, clock.instant(), 0, 0, 0, 0, "{}")));
        checks(unchanged, true);
        loop.evaluateNow();
        assertThat(newRunsOf(AFTER_CHECKED, before)).isEmpty();

        String changed = landed(CHECKED, null, clock.instant());
        checks(changed, true);
        loop.evaluateNow();
        assertThat(newRunsOf(AFTER_CHECKED, before)).hasSize(1);
        endAll(AFTER_CHECKED);
    }

    @Test
    void aFailedTriggerRunIsLaunchedAgainAfterTheBackoffAndGivenUpAfterTheLastAttempt() {
        clock.set(Instant.parse("2024-03-21T12:00:00Z"));
        hours("2024-02-27", 0, 24);
        loop.evaluateNow();
        List<Run> first = runsOf(ROLLUP, "2024-02-27");
        assertThat(first).hasSize(1);

        end(first.get(0).id(), RunStatus.FAILURE); // as RunRecovery ends a run the process died with
        loop.evaluateNow();
        assertThat(runsOf(ROLLUP, "2024-02-27")).hasSize(1);
        assertThat(((TickOutcome.Skipped) lastTick(ROLLUP).outcome()).reason())
                .contains("RETRY_BACKOFF", "run " + first.get(0).id() + " failed (attempt 1 of 3)");

        clock.set(clock.instant().plusSeconds(30));
        loop.evaluateNow();
        List<Run> second = runsOf(ROLLUP, "2024-02-27");
        assertThat(second).hasSize(2);
        Run retry = second.stream()
                .filter(r -> !r.id().equals(first.get(0).id()))
                .findFirst()
                .orElseThrow();
        assertThat(retry.tags()).containsEntry(Launch.TRIGGER_ATTEMPT_TAG, "2");
        assertThat(retry.reason())
                .contains("attempt 2 of 3, after run " + first.get(0).id() + " failed");
        assertThat(lastTick(ROLLUP).outcome()).isInstanceOfSatisfying(TickOutcome.Launched.class, l -> {
            assertThat(l.runIds()).containsExactly(retry.id());
            assertThat(l.note()).contains("run " + retry.id() + " retries", "attempt 2 of 3");
        });

        end(retry.id(), RunStatus.FAILURE);
        loop.evaluateNow();
        clock.set(clock.instant().plusSeconds(60));
        loop.evaluateNow();
        Run third = runsOf(ROLLUP, "2024-02-27").stream()
                .filter(r -> "3".equals(r.tags().get(Launch.TRIGGER_ATTEMPT_TAG)))
                .findFirst()
                .orElseThrow();

        end(third.id(), RunStatus.FAILURE);
        loop.evaluateNow();
        assertThat(lastTick(ROLLUP).outcome())
                .isInstanceOfSatisfying(
                        TickOutcome.Failed.class,
                        f -> assertThat(f.error()).contains("2024-02-27", "given up", "attempt 3 of 3"));
        clock.set(clock.instant().plusSeconds(3600));
        loop.evaluateNow();
        assertThat(runsOf(ROLLUP, "2024-02-27")).hasSize(3);
    }

    /** Ends every run of the asset still queued (as a success) and returns the ids of all its runs. */
    private List<String> endAll(AssetKey asset) {
        List<Run> all = runsOf(asset, null);
        all.stream().filter(r -> r.status() == RunStatus.QUEUED).forEach(r -> end(r.id(), RunStatus.SUCCESS));
        return all.stream().map(Run::id).toList();
    }

    private List<Run> newRunsOf(AssetKey asset, List<String> before) {
        return runsOf(asset, null).stream()
                .filter(r -> !before.contains(r.id()))
                .toList();
    }

    /** Ends a queued run as a worker (or, for a FAILURE, the recovery after a crash) would. */
    private void end(String runId, RunStatus status) {
        QuarkusTransaction.requiringNew().run(() -> {
            queue.claim(runId, clock.instant());
            queue.finish(runId, status, clock.instant(), 0, 0, 0, status == RunStatus.SUCCESS ? null : "died");
        });
    }

    private static void steer(String backfill, String action) {
        io.restassured.RestAssured.given()
                .contentType(io.restassured.http.ContentType.JSON)
                .body("{\"reason\":\"test\"}")
                .post("/api/backfills/" + backfill + "/" + action)
                .then()
                .statusCode(200);
    }

    private void awaitIdle() {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (!loop.idle() && Instant.now().isBefore(deadline)) {
            Runs.sleep(10);
        }
        assertThat(loop.idle()).isTrue();
    }

    private Optional<String> cursor() {
        return store.find(TickRecord.Source.TRIGGER, TriggerEvaluation.NAME)
                .orElseThrow()
                .cursor();
    }

    private TickRecord lastTick(AssetKey asset) {
        List<StoredTick> ticks = store.ticks(TickRecord.Source.TRIGGER, asset.toString(), 1, Optional.empty());
        assertThat(ticks).isNotEmpty();
        return ticks.get(0).tick();
    }

    /** The runs of {@code asset} covering {@code partition} (null: every run of the asset). */
    private List<Run> runsOf(AssetKey asset, String partition) {
        return runs.list(new RunQuery(Optional.empty(), Optional.of(asset), 500)).stream()
                .filter(r -> partition == null || r.partitions().contains(partition))
                .toList();
    }

    private void hours(String date, int from, int to) {
        for (int h = from; h < to; h++) {
            String hour = LocalDate.parse(date) + "-" + String.format("%02d:00", h);
            landed(HOURLY, hour, clock.instant());
        }
    }

    /** Stores what a successful run of {@code asset} over {@code partition} stores; returns the run id. */
    private String landed(AssetKey asset, String partition, Instant at) {
        String runId = UUID.randomUUID().toString();
        QuarkusTransaction.requiringNew().run(() -> {
            events.recordMaterialization(new Materialization(runId, asset, partition, at, 1, 0, 0, 0, "{}"));
            if (partition != null) {
                assets.recordPartitionOutcome(asset, List.of(partition), "MATERIALIZED", runId, at);
            }
        });
        return runId;
    }

    private void checks(String runId, boolean passed) {
        QuarkusTransaction.requiringNew()
                .run(() -> events.recordChecks(List.of(new RecordedCheck(
                        runId,
                        CHECKED,
                        null,
                        clock.instant(),
                        new CheckResult(
                                "name_not_null",
                                AssetCheck.Severity.ERROR,
                                passed,
                                passed ? "0" : "1",
                                "0",
                                List.of(),
                                passed ? "no nulls" : "1 null name")))));
    }
}
