package io.sluice.automation;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.automation.trigger.TriggerInputs;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.FreshnessPolicy;
import io.sluice.freshness.FreshnessEvaluator;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code on_late}: an asset is materialized when its freshness policy says it is late or due soon. The freshness facts
 * are what the adapter computes ({@link FreshnessEvaluator} over the materializations, {@link TriggerInputs#late}) at
 * the instant each test sets.
 */
class TriggerOnLateTest {

    private static final AssetKey SOURCE = AssetKey.of("hub", "source");
    private static final AssetKey REPORT = AssetKey.of("hub", "report");
    private static final TimeWindowPartitions DAYS = TimeWindowPartitions.daily(LocalDate.of(2024, 5, 5));
    /** Day D exists by 06:00 UTC on D + 1, a warning from 04:00. */
    private static final FreshnessPolicy DEADLINE =
            FreshnessPolicy.partitionDeadline(LocalTime.of(6, 0), ZoneOffset.UTC, 1, Duration.ofHours(2));

    private static final FreshnessPolicy HOURLY_AGE = FreshnessPolicy.maxAge(Duration.ofHours(1), Duration.ofHours(2));
    private static final TriggerRetry RETRY = new TriggerRetry(2, Duration.ofSeconds(30));

    private final FakeState state = new FakeState();
    private final FakeActivity activity = new FakeActivity();

    private static TriggerGraph graph(PartitionsDefinition source, PartitionsDefinition report) {
        return TriggerGraph.of(List.of(
                        AssetSpec.builder(SOURCE.toString()).partitions(source).build(),
                        AssetSpec.builder(REPORT.toString())
                                .partitions(report)
                                .deps(SOURCE.toString())
                                .build()))
                .withPolicy(REPORT, TriggerPolicy.onLate());
    }

    private TriggerPlan evaluate(
            TriggerGraph graph,
            FreshnessPolicy policy,
            TriggerCursor cursor,
            Instant now,
            Set<AssetPartition> failed,
            Set<AssetPartition> active,
            Map<String, RunEnd> ended) {
        var freshness = FreshnessEvaluator.evaluate(
                policy,
                graph.partitions(REPORT),
                state.lastMaterialized(REPORT),
                state.materializedAt(REPORT),
                now,
                FreshnessEvaluator.DEFAULT_LOOK_BACK);
        TriggerInput input = new TriggerInput(
                state.since(cursor.eventSequence()),
                state,
                failed,
                active,
                activity,
                ended,
                now,
                TriggerInputs.late(REPORT, policy, freshness));
        return TriggerEvaluator.evaluate(graph, cursor, input, RETRY);
    }

    private TriggerPlan evaluate(TriggerGraph graph, FreshnessPolicy policy, TriggerCursor cursor, Instant now) {
        return evaluate(graph, policy, cursor, now, Set.of(), Set.of(), Map.of());
    }

    private static AssetPartition day(String key) {
        return AssetPartition.of(REPORT, key);
    }

    @Test
    void aDeadlineLaunchesTheLateAndDueSoonPartitionsWhoseUpstreamIsInOnce() {
        TriggerGraph graph = graph(DAYS, DAYS);
        Instant now = Instant.parse("2024-05-10T05:00:00Z");
        for (String d : List.of("2024-05-05", "2024-05-06", "2024-05-07", "2024-05-09")) {
            state.materialize(SOURCE, d, now.minusSeconds(3600));
        }
        state.materialize(REPORT, "2024-05-05", now.minusSeconds(3600));
        state.materialize(REPORT, "2024-05-07", now.minusSeconds(3600));

        // late: the 6th and 8th (due at 06:00 the next day), due soon: the 9th (due at 06:00 today, a warning from
        // 04:00)
        TriggerPlan plan = evaluate(graph, DEADLINE, TriggerCursor.START, now);
        assertThat(plan.launched()).containsExactlyInAnyOrder(day("2024-05-06"), day("2024-05-09"));
        assertThat(plan.launches()).singleElement().satisfies(l -> {
            assertThat(((LaunchRequest) l).partitions())
                    .containsExactly(PartitionKeyRange.single("2024-05-06"), PartitionKeyRange.single("2024-05-09"));
            assertThat(l.tags()).containsEntry(Launch.TRIGGER_TAG, "on_late");
            assertThat(l.reason()).startsWith("automation on_late");
        });
        // the 8th reads a source day that is not in
        assertThat(plan.held()).singleElement().satisfies(h -> {
            assertThat(h.partition()).isEqualTo(day("2024-05-08"));
            assertThat(h.reason()).isEqualTo(Held.Reason.UPSTREAM_MISSING);
        });
        // the run is followed, like an eager one
        TriggerCursor cursor = plan.cursorAfter(List.of("r1"));
        assertThat(cursor.followed())
                .containsExactly(new TriggerCursor.Followed("r1", 1, Set.of(day("2024-05-06"), day("2024-05-09"))));

        // while the run is queued or running, the next evaluations launch nothing again
        Set<AssetPartition> inFlight = Set.of(day("2024-05-06"), day("2024-05-09"));
        for (int minute = 1; minute <= 3; minute++) {
            TriggerPlan again =
                    evaluate(graph, DEADLINE, cursor, now.plusSeconds(60L * minute), Set.of(), inFlight, Map.of());
            assertThat(again.launches()).isEmpty();
            assertThat(again.alreadyActive()).containsExactlyInAnyOrderElementsOf(inFlight);
            cursor = again.cursor();
        }

        // it succeeded and the source day came in: only the 8th is left, and it launches
        Instant later = now.plusSeconds(600);
        state.materialize(REPORT, "2024-05-06", later, "r1");
        state.materialize(REPORT, "2024-05-09", later, "r1");
        state.materialize(SOURCE, "2024-05-08", later);
        TriggerPlan rest = evaluate(
                graph,
                DEADLINE,
                cursor,
                later,
                Set.of(),
                Set.of(),
                Map.of("r1", new RunEnd(RunEnd.Outcome.SUCCEEDED, later)));
        assertThat(rest.launched()).containsExactly(day("2024-05-08"));
        assertThat(rest.cursor().followed()).isEmpty();

        // everything in: nothing late, nothing launched
        state.materialize(REPORT, "2024-05-08", later.plusSeconds(60));
        TriggerPlan quiet = evaluate(graph, DEADLINE, rest.cursorAfter(List.of("r2")), later.plusSeconds(120));
        assertThat(quiet.launches()).isEmpty();
        assertThat(quiet.held()).isEmpty();
    }

    @Test
    void aPartitionOfAFreshAssetIsNotLaunchedBeforeItsWarning() {
        TriggerGraph graph = graph(DAYS, DAYS);
        for (String d : List.of("2024-05-05", "2024-05-06", "2024-05-07", "2024-05-08", "2024-05-09")) {
            state.materialize(SOURCE, d, Instant.parse("2024-05-10T00:30:00Z"));
        }
        for (String d : List.of("2024-05-05", "2024-05-06", "2024-05-07", "2024-05-08")) {
            state.materialize(REPORT, d, Instant.parse("2024-05-10T00:30:00Z"));
        }
        // the 9th exists since midnight and is missing, but is due at 06:00 with a warning from 04:00
        assertThat(evaluate(graph, DEADLINE, TriggerCursor.START, Instant.parse("2024-05-10T03:59:00Z"))
                        .launches())
                .isEmpty();
        assertThat(evaluate(graph, DEADLINE, TriggerCursor.START, Instant.parse("2024-05-10T04:00:00Z"))
                        .launched())
                .containsExactly(day("2024-05-09"));
    }

    @Test
    void aDeadlineInAnotherZoneFollowsItsOffsetAcrossDaylightSaving() {
        ZoneId newYork = ZoneId.of("America/New_York");
        TimeWindowPartitions days = TimeWindowPartitions.daily(LocalDate.of(2024, 3, 8));
        TriggerGraph graph = graph(days, days);
        FreshnessPolicy policy = FreshnessPolicy.partitionDeadline(LocalTime.of(6, 0), newYork, 1, Duration.ZERO);
        for (String d : List.of("2024-03-08", "2024-03-09", "2024-03-10")) {
            state.materialize(SOURCE, d, Instant.parse("2024-03-11T00:30:00Z"));
        }
        state.materialize(REPORT, "2024-03-08", Instant.parse("2024-03-09T01:00:00Z"));
        // the 9th is due at 06:00 EDT on the 10th, the spring-forward day: 10:00 UTC, not 11:00
        assertThat(evaluate(graph, policy, TriggerCursor.START, Instant.parse("2024-03-10T09:59:00Z"))
                        .launches())
                .isEmpty();
        assertThat(evaluate(graph, policy, TriggerCursor.START, Instant.parse("2024-03-10T10:00:00Z"))
                        .launched())
                .containsExactly(day("2024-03-09"));
    }

    @Test
    void aMaximumAgeLaunchesAnUnpartitionedAssetOnceItIsPastItsWarning() {
        TriggerGraph graph = graph(PartitionsDefinition.none(), PartitionsDefinition.none());
        Instant at = Instant.parse("2024-05-10T10:00:00Z");
        state.materialize(SOURCE, null, at);
        state.materialize(REPORT, null, at);
        assertThat(evaluate(graph, HOURLY_AGE, TriggerCursor.START, at.plusSeconds(3599))
                        .launches())
                .isEmpty();
        TriggerPlan warning = evaluate(graph, HOURLY_AGE, TriggerCursor.START, at.plusSeconds(3600));
        assertThat(warning.launched()).containsExactly(AssetPartition.whole(REPORT));
        assertThat(warning.launches().get(0).tags()).containsEntry(Launch.TRIGGER_TAG, "on_late");
        // while it runs, it is not launched again; once it has, it is fresh and nothing is
        TriggerPlan inFlight = evaluate(
                graph,
                HOURLY_AGE,
                warning.cursorAfter(List.of("r1")),
                at.plusSeconds(7200),
                Set.of(),
                Set.of(AssetPartition.whole(REPORT)),
                Map.of());
        assertThat(inFlight.launches()).isEmpty();
        state.materialize(REPORT, null, at.plusSeconds(7300), "r1");
        assertThat(evaluate(graph, HOURLY_AGE, inFlight.cursor(), at.plusSeconds(7400))
                        .launches())
                .isEmpty();
    }

    @Test
    void aMaximumAgeLaunchesAnAssetNeverMaterialized() {
        TriggerGraph graph = graph(PartitionsDefinition.none(), PartitionsDefinition.none());
        Instant at = Instant.parse("2024-05-10T10:00:00Z");
        state.materialize(SOURCE, null, at);
        assertThat(evaluate(graph, HOURLY_AGE, TriggerCursor.START, at).launched())
                .containsExactly(AssetPartition.whole(REPORT));
    }

    @Test
    void aMaximumAgeLaunchesTheNewestPartitionOfAPartitionedAsset() {
        TriggerGraph graph = graph(DAYS, DAYS);
        Instant now = Instant.parse("2024-05-10T12:00:00Z");
        state.materialize(SOURCE, "2024-05-09", now.minusSeconds(7200));
        state.materialize(REPORT, "2024-05-08", now.minusSeconds(3 * 3600));
        TriggerPlan plan = evaluate(graph, HOURLY_AGE, TriggerCursor.START, now);
        assertThat(plan.launched()).containsExactly(day("2024-05-09"));
    }

    @Test
    void aFailedBlockingCheckOrAnUpstreamInProgressHoldsALatePartition() {
        TriggerGraph graph = graph(DAYS, DAYS);
        Instant now = Instant.parse("2024-05-07T07:00:00Z");
        state.materialize(SOURCE, "2024-05-05", now);
        state.materialize(SOURCE, "2024-05-06", now);
        state.materialize(REPORT, "2024-05-05", now);
        TriggerPlan blocked = evaluate(
                graph,
                DEADLINE,
                TriggerCursor.START,
                now,
                Set.of(AssetPartition.of(SOURCE, "2024-05-06")),
                Set.of(),
                Map.of());
        assertThat(blocked.launches()).isEmpty();
        assertThat(blocked.held()).extracting(Held::reason).containsExactly(Held.Reason.FAILED_CHECK);

        activity.run(SOURCE, "2024-05-06", "upstream-run");
        TriggerPlan busy = evaluate(graph, DEADLINE, blocked.cursor(), now);
        assertThat(busy.launches()).isEmpty();
        assertThat(busy.held()).singleElement().satisfies(h -> {
            assertThat(h.reason()).isEqualTo(Held.Reason.UPSTREAM_IN_PROGRESS);
            assertThat(h.detail()).contains("upstream-run");
        });

        activity.quiet();
        assertThat(evaluate(graph, DEADLINE, busy.cursor(), now).launched()).containsExactly(day("2024-05-06"));
    }

    @Test
    void aFailedRunIsRetriedAfterTheBackoffThenGivenUpWhileItStaysLate() {
        TriggerGraph graph = graph(DAYS, DAYS);
        Instant now = Instant.parse("2024-05-07T07:00:00Z");
        state.materialize(SOURCE, "2024-05-05", now);
        state.materialize(SOURCE, "2024-05-06", now);
        state.materialize(REPORT, "2024-05-05", now);
        TriggerPlan first = evaluate(graph, DEADLINE, TriggerCursor.START, now);
        assertThat(first.launched()).containsExactly(day("2024-05-06"));
        TriggerCursor cursor = first.cursorAfter(List.of("r1"));

        // r1 failed: held for the backoff although still late
        Instant failedAt = now.plusSeconds(10);
        TriggerPlan waiting = evaluate(
                graph,
                DEADLINE,
                cursor,
                failedAt,
                Set.of(),
                Set.of(),
                Map.of("r1", new RunEnd(RunEnd.Outcome.FAILED, failedAt)));
        assertThat(waiting.launches()).isEmpty();
        assertThat(waiting.held()).singleElement().satisfies(h -> {
            assertThat(h.reason()).isEqualTo(Held.Reason.RETRY_BACKOFF);
            assertThat(h.detail()).contains("run r1 failed (attempt 1 of 2)");
        });
        TriggerPlan stillWaiting = evaluate(graph, DEADLINE, waiting.cursor(), failedAt.plusSeconds(29));
        assertThat(stillWaiting.launches()).isEmpty();

        // due: attempt 2
        TriggerPlan retried = evaluate(graph, DEADLINE, stillWaiting.cursor(), failedAt.plusSeconds(30));
        assertThat(retried.launched()).containsExactly(day("2024-05-06"));
        assertThat(retried.launches().get(0).tags()).containsEntry(Launch.TRIGGER_ATTEMPT_TAG, "2");
        cursor = retried.cursorAfter(List.of("r2"));

        // r2 failed too, the last attempt: given up, and not launched again while the day stays late
        Instant lastFailure = failedAt.plusSeconds(60);
        TriggerPlan given = evaluate(
                graph,
                DEADLINE,
                cursor,
                lastFailure,
                Set.of(),
                Set.of(),
                Map.of("r2", new RunEnd(RunEnd.Outcome.FAILED, lastFailure)));
        assertThat(given.launches()).isEmpty();
        assertThat(given.givenUp()).singleElement().satisfies(g -> {
            assertThat(g.partition()).isEqualTo(day("2024-05-06"));
            assertThat(g.detail()).contains("attempt 2 of 2", "while it stays late");
        });
        assertThat(given.cursor().givenUp()).containsExactly(day("2024-05-06"));
        TriggerPlan hourLater = evaluate(graph, DEADLINE, given.cursor(), lastFailure.plusSeconds(3600));
        assertThat(hourLater.launches()).isEmpty();
        assertThat(hourLater.cursor().givenUp()).containsExactly(day("2024-05-06"));

        // someone materialized it by hand: no longer late, no longer given up; the next late day launches again
        state.materialize(REPORT, "2024-05-06", lastFailure.plusSeconds(7200));
        TriggerPlan fixed = evaluate(graph, DEADLINE, hourLater.cursor(), lastFailure.plusSeconds(7200));
        assertThat(fixed.cursor().givenUp()).isEmpty();
        state.materialize(SOURCE, "2024-05-07", Instant.parse("2024-05-08T05:00:00Z"));
        assertThat(evaluate(graph, DEADLINE, fixed.cursor(), Instant.parse("2024-05-08T06:00:00Z"))
                        .launched())
                .containsExactly(day("2024-05-07"));
    }

    @Test
    void aGivenUpPartitionIsForgottenOnceTheAssetIsNoLongerOnLate() {
        TriggerGraph eager = graph(DAYS, DAYS).withPolicy(REPORT, TriggerPolicy.eager());
        TriggerCursor cursor =
                new TriggerCursor(0, Map.of(), Set.of(), Set.of(), Set.of(), Set.of(), Set.of(day("2024-05-06")));
        TriggerPlan plan = TriggerEvaluator.evaluate(
                eager,
                cursor,
                new TriggerInput(List.of(), state, Set.of(), Set.of(), Instant.parse("2024-05-07T07:00:00Z")),
                RETRY);
        assertThat(plan.cursor().givenUp()).isEmpty();
    }

    @Test
    void onLateIsDescribedAsDeclared() {
        assertThat(TriggerPolicy.onLate().describe()).isEqualTo("on_late");
    }
}
