package io.sluice.automation;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionMapping;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TriggerEvaluatorTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final AssetKey HOURLY = AssetKey.of("hub", "hourly");
    private static final AssetKey DAILY = AssetKey.of("hub", "daily");
    private static final AssetKey OTHER_DAILY = AssetKey.of("hub", "other_daily");
    private static final TimeWindowPartitions HOURS =
            TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0)).withZone(BERLIN);
    private static final TimeWindowPartitions DAYS =
            TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)).withZone(BERLIN);

    private final FakeState state = new FakeState();

    private static AssetSpec<?> spec(AssetKey key, PartitionsDefinition partitions, AssetKey... deps) {
        return AssetSpec.builder(key.toString())
                .partitions(partitions)
                .deps(Arrays.stream(deps).map(AssetKey::toString).toArray(String[]::new))
                .build();
    }

    private static TriggerGraph hourlyToDaily(PartitionsDefinition hours) {
        return TriggerGraph.of(List.of(spec(HOURLY, hours), spec(DAILY, DAYS, HOURLY)))
                .withPolicy(DAILY, TriggerPolicy.eager());
    }

    private static Instant berlin(String local) {
        return LocalDateTime.parse(local).atZone(BERLIN).toInstant();
    }

    /** Materializes every hour of the Berlin day {@code date} except those listed. */
    private void hoursOf(String date, Instant at, String... except) {
        Instant start = LocalDate.parse(date).atStartOfDay(BERLIN).toInstant();
        Instant end = LocalDate.parse(date).plusDays(1).atStartOfDay(BERLIN).toInstant();
        for (String key : HOURS.at(end).overlapping(start, end).keys()) {
            if (!List.of(except).contains(key)) {
                state.materialize(HOURLY, key, at);
            }
        }
    }

    private TriggerPlan evaluate(TriggerGraph graph, TriggerCursor cursor, Instant now) {
        return evaluate(graph, cursor, now, Set.of(), Set.of());
    }

    private TriggerPlan evaluate(
            TriggerGraph graph,
            TriggerCursor cursor,
            Instant now,
            Set<AssetPartition> failed,
            Set<AssetPartition> active) {
        return TriggerEvaluator.evaluate(
                graph, cursor, new TriggerInput(state.since(cursor.eventSequence()), state, failed, active, now));
    }

    @Test
    void aDailyAssetWaitsForThe23HoursOfTheSpringDayThenLaunchesOnce() {
        TriggerGraph graph = hourlyToDaily(HOURS);
        Instant now = berlin("2024-04-01T06:00");
        hoursOf("2024-03-31", now, "2024-03-31-17:00");
        TriggerPlan first = evaluate(graph, TriggerCursor.START, now);
        assertThat(first.launches()).isEmpty();
        assertThat(first.held()).singleElement().satisfies(h -> {
            assertThat(h.partition()).isEqualTo(AssetPartition.of(DAILY, "2024-03-31"));
            assertThat(h.reason()).isEqualTo(Held.Reason.UPSTREAM_MISSING);
            assertThat(h.detail()).contains("waiting for 1 of 23 partitions of hub/hourly", "2024-03-31-17:00");
        });
        state.materialize(HOURLY, "2024-03-31-17:00", now);
        TriggerPlan second = evaluate(graph, first.cursor(), now);
        assertThat(second.launched()).containsExactly(AssetPartition.of(DAILY, "2024-03-31"));
        assertThat(((LaunchRequest) second.launches().get(0)).partitions())
                .containsExactly(PartitionKeyRange.single("2024-03-31"));
        assertThat(second.launches().get(0).tags()).containsEntry(Launch.TRIGGER_TAG, "eager");
        assertThat(second.cursor().held()).isEmpty();
        assertThat(evaluate(graph, second.cursor(), now).launches()).isEmpty();
    }

    @Test
    void theAutumnDayNeeds25Hours() {
        TriggerGraph graph = hourlyToDaily(HOURS);
        Instant now = berlin("2024-10-28T06:00");
        hoursOf("2024-10-27", now, "2024-10-27-02:00+01:00");
        assertThat(evaluate(graph, TriggerCursor.START, now).held())
                .singleElement()
                .satisfies(h -> assertThat(h.detail()).contains("1 of 25", "2024-10-27-02:00+01:00"));
    }

    @Test
    void anHourWhoseDayHasNotEndedWaitsInTheCursor() {
        TriggerGraph graph = hourlyToDaily(HOURS.withEndOffset(1));
        Instant evening = berlin("2024-07-04T23:30");
        hoursOf("2024-07-04", evening);
        TriggerPlan during = evaluate(graph, TriggerCursor.START, evening);
        assertThat(during.launches()).isEmpty();
        assertThat(during.cursor().waiting())
                .isNotEmpty()
                .allSatisfy(w -> assertThat(w.downstream()).isEqualTo(DAILY));
        TriggerPlan after = evaluate(graph, during.cursor(), berlin("2024-07-05T00:05"));
        assertThat(after.launched()).containsExactly(AssetPartition.of(DAILY, "2024-07-04"));
        assertThat(after.cursor().waiting()).isEmpty();
    }

    @Test
    void anHourBeforeTheDownstreamStartsIsNotKeptWaiting() {
        TimeWindowPartitions lateDays =
                TimeWindowPartitions.daily(LocalDate.of(2024, 5, 1)).withZone(BERLIN);
        TriggerGraph graph = TriggerGraph.of(List.of(spec(HOURLY, HOURS), spec(DAILY, lateDays, HOURLY)))
                .withPolicy(DAILY, TriggerPolicy.eager());
        Instant now = berlin("2024-05-10T06:00");
        state.materialize(HOURLY, "2024-04-20-10:00", now);
        TriggerPlan plan = evaluate(graph, TriggerCursor.START, now);
        assertThat(plan.launches()).isEmpty();
        assertThat(plan.cursor().waiting()).isEmpty();
    }

    @Test
    void aBurstOf1000UpstreamPartitionsIsOnePlanWithoutDuplicates() {
        TriggerGraph graph = TriggerGraph.of(
                        List.of(spec(HOURLY, HOURS), spec(DAILY, DAYS, HOURLY), spec(OTHER_DAILY, DAYS, HOURLY)))
                .withPolicy(DAILY, TriggerPolicy.eager())
                .withPolicy(OTHER_DAILY, TriggerPolicy.eager());
        Instant now = berlin("2024-07-01T00:30");
        List<String> hours = HOURS.at(now)
                .overlapping(berlin("2024-05-01T00:00"), now)
                .keys()
                .subList(0, 1000);
        for (String hour : hours) {
            state.materialize(HOURLY, hour, now);
        }
        for (int i = 0; i < 50; i++) { // a few partitions land twice in the burst
            state.materialize(HOURLY, hours.get(i * 7), now);
        }
        assertThat(state.since(0)).hasSize(1050);
        TriggerPlan plan = evaluate(graph, TriggerCursor.START, now);
        assertThat(plan.launches()).hasSize(1);
        LaunchRequest run = (LaunchRequest) plan.launches().get(0);
        assertThat(run.assets()).containsExactly(DAILY, OTHER_DAILY);
        assertThat(run.partitions()).containsExactly(new PartitionKeyRange("2024-05-01", "2024-06-10"));
        assertThat(plan.launched()).hasSize(2 * 41).doesNotHaveDuplicates();
        assertThat(plan.held())
                .extracting(Held::partition)
                .containsExactlyInAnyOrder(
                        AssetPartition.of(DAILY, "2024-06-11"), AssetPartition.of(OTHER_DAILY, "2024-06-11"));
        assertThat(plan.cursor().eventSequence()).isEqualTo(1050);
    }

    @Test
    void aFailedBlockingCheckUpstreamHoldsTheTriggerUntilItPasses() {
        TriggerGraph graph = hourlyToDaily(HOURS);
        Instant now = berlin("2024-05-03T06:00");
        hoursOf("2024-05-02", now);
        AssetPartition bad = AssetPartition.of(HOURLY, "2024-05-02-05:00");
        TriggerPlan blocked = evaluate(graph, TriggerCursor.START, now, Set.of(bad), Set.of());
        assertThat(blocked.launches()).isEmpty();
        assertThat(blocked.held()).singleElement().satisfies(h -> {
            assertThat(h.reason()).isEqualTo(Held.Reason.FAILED_CHECK);
            assertThat(h.detail()).contains("hub/hourly[2024-05-02-05:00]");
        });
        assertThat(blocked.cursor().held()).containsExactly(AssetPartition.of(DAILY, "2024-05-02"));
        // still failing: still held, even with no new event
        assertThat(evaluate(graph, blocked.cursor(), now, Set.of(bad), Set.of()).launches())
                .isEmpty();
        // the check is run again and passes, with no new materialization: the held day launches from the cursor
        TriggerPlan fixed = evaluate(graph, blocked.cursor(), now.plusSeconds(60));
        assertThat(fixed.launched()).containsExactly(AssetPartition.of(DAILY, "2024-05-02"));
        assertThat(fixed.cursor().held()).isEmpty();
        // a check failing on the whole upstream asset blocks too
        assertThat(evaluate(graph, TriggerCursor.START, now, Set.of(AssetPartition.whole(HOURLY)), Set.of())
                        .held())
                .extracting(Held::reason)
                .containsExactly(Held.Reason.FAILED_CHECK);
    }

    @Test
    void aPartitionAlreadyQueuedOrRunningIsNotLaunchedAgain() {
        TriggerGraph graph = hourlyToDaily(HOURS);
        Instant now = berlin("2024-05-04T06:00");
        hoursOf("2024-05-02", now);
        hoursOf("2024-05-03", now);
        TriggerPlan plan =
                evaluate(graph, TriggerCursor.START, now, Set.of(), Set.of(AssetPartition.of(DAILY, "2024-05-02")));
        assertThat(plan.launched()).containsExactly(AssetPartition.of(DAILY, "2024-05-03"));
        assertThat(plan.alreadyActive()).containsExactly(AssetPartition.of(DAILY, "2024-05-02"));
    }

    @Test
    void upstreamPartitionsThatDoNotExistHoldUnlessTheDependencyAllowsThem() {
        AssetKey source = AssetKey.of("hub", "source");
        AssetKey rolling = AssetKey.of("hub", "rolling");
        TriggerGraph graph = TriggerGraph.of(List.of(spec(source, DAYS), spec(rolling, DAYS, source)))
                .withPolicy(rolling, TriggerPolicy.eager())
                .withDependency(rolling, new Dependency(source, PartitionMapping.timeWindow(-1, 0), false));
        Instant now = berlin("2024-01-02T06:00");
        state.materialize(source, "2024-01-01", now);
        TriggerPlan strict = evaluate(graph, TriggerCursor.START, now);
        assertThat(strict.held()).extracting(Held::reason).containsExactly(Held.Reason.UPSTREAM_NOT_YET_EXISTING);
        TriggerPlan lenient = evaluate(
                graph.withDependency(rolling, new Dependency(source, PartitionMapping.timeWindow(-1, 0), true)),
                TriggerCursor.START,
                now);
        assertThat(lenient.launched()).containsExactly(AssetPartition.of(rolling, "2024-01-01"));
    }

    @Test
    void aLatestWindowDependencyLaunchesOnTheDaysLastHourOnly() {
        TriggerGraph graph = hourlyToDaily(HOURS)
                .withDependency(DAILY, new Dependency(HOURLY, PartitionMapping.latestWindow(), false));
        Instant now = berlin("2024-05-03T06:00");
        state.materialize(HOURLY, "2024-05-02-10:00", now);
        TriggerPlan early = evaluate(graph, TriggerCursor.START, now);
        assertThat(early.launches()).isEmpty();
        assertThat(early.held()).isEmpty();
        state.materialize(HOURLY, "2024-05-02-23:00", now);
        assertThat(evaluate(graph, early.cursor(), now).launched())
                .containsExactly(AssetPartition.of(DAILY, "2024-05-02"));
    }

    @Test
    void onCronLaunchesOncePerTickAfterEveryUpstreamIsUpdatedSinceIt() {
        AssetKey source = AssetKey.of("hub", "source");
        AssetKey report = AssetKey.of("hub", "report");
        TriggerGraph graph = TriggerGraph.of(List.of(
                        spec(source, PartitionsDefinition.none()), spec(report, PartitionsDefinition.none(), source)))
                .withPolicy(report, TriggerPolicy.onCron("0 9 * * *", "Europe/Berlin"));
        state.materialize(source, null, berlin("2024-05-02T08:00"));
        TriggerPlan stale = evaluate(graph, TriggerCursor.START, berlin("2024-05-02T09:30"));
        assertThat(stale.launches()).isEmpty();
        assertThat(stale.held()).singleElement().satisfies(h -> {
            assertThat(h.reason()).isEqualTo(Held.Reason.NOT_UPDATED_SINCE_TICK);
            assertThat(h.partition()).isEqualTo(AssetPartition.whole(report));
        });
        state.materialize(source, null, berlin("2024-05-02T09:40"));
        TriggerPlan fresh = evaluate(graph, stale.cursor(), berlin("2024-05-02T09:45"));
        assertThat(fresh.launched()).containsExactly(AssetPartition.whole(report));
        assertThat(fresh.launches().get(0).tags())
                .containsEntry(Launch.TRIGGER_TAG, "on_cron(0 9 * * *, Europe/Berlin)");
        assertThat(fresh.cursor().cronTicks()).containsEntry(report, berlin("2024-05-02T09:00"));
        state.materialize(source, null, berlin("2024-05-02T12:00"));
        assertThat(evaluate(graph, fresh.cursor(), berlin("2024-05-02T13:00")).launches())
                .isEmpty();
        state.materialize(source, null, berlin("2024-05-03T09:05"));
        assertThat(evaluate(graph, fresh.cursor(), berlin("2024-05-03T09:10")).launched())
                .containsExactly(AssetPartition.whole(report));
    }

    @Test
    void onCronOverTimeWindowsLaunchesTheNewestWindow() {
        TriggerGraph graph = TriggerGraph.of(List.of(spec(HOURLY, HOURS), spec(DAILY, DAYS, HOURLY)))
                .withPolicy(DAILY, TriggerPolicy.onCron("30 0 * * *", "Europe/Berlin"));
        Instant now = berlin("2024-05-03T00:45");
        hoursOf("2024-05-02", berlin("2024-05-03T00:40"));
        assertThat(evaluate(graph, TriggerCursor.START, now).launched())
                .containsExactly(AssetPartition.of(DAILY, "2024-05-02"));
    }

    @Test
    void missingLaunchesTheUnmaterializedPartitionsOfTheWindowWhoseUpstreamIsIn() {
        AssetKey source = AssetKey.of("hub", "source");
        AssetKey copy = AssetKey.of("hub", "copy");
        TriggerGraph graph = TriggerGraph.of(List.of(spec(source, DAYS), spec(copy, DAYS, source)))
                .withPolicy(copy, TriggerPolicy.missing(Duration.ofDays(7)));
        Instant now = berlin("2024-05-10T06:00");
        List<String> week = new ArrayList<>();
        for (int day = 1; day <= 9; day++) {
            String key = LocalDate.of(2024, 5, day).toString();
            week.add(key);
            if (day != 6) {
                state.materialize(source, key, now);
            }
        }
        state.materialize(copy, "2024-05-05", now);
        TriggerPlan plan = evaluate(graph, TriggerCursor.START, now);
        // the window reaches back to 2024-05-03 06:00, so the 3rd overlaps it; the 1st and 2nd are too old
        assertThat(plan.launched())
                .extracting(p -> p.partition().orElseThrow())
                .containsExactly("2024-05-03", "2024-05-04", "2024-05-07", "2024-05-08", "2024-05-09");
        assertThat(plan.held())
                .singleElement()
                .satisfies(h -> assertThat(h.partition()).isEqualTo(AssetPartition.of(copy, "2024-05-06")));
        assertThat(((LaunchRequest) plan.launches().get(0)).partitions())
                .containsExactly(
                        new PartitionKeyRange("2024-05-03", "2024-05-04"),
                        new PartitionKeyRange("2024-05-07", "2024-05-09"));
    }

    @Test
    void replayingABatchFromTheSameCursorPlansTheSameLaunchesAndAnAdvancedCursorNone() {
        TriggerGraph graph = hourlyToDaily(HOURS);
        Instant now = berlin("2024-05-03T06:00");
        hoursOf("2024-05-02", now);
        TriggerPlan once = evaluate(graph, TriggerCursor.START, now);
        TriggerPlan again = evaluate(graph, TriggerCursor.START, now);
        assertThat(again.launches()).isEqualTo(once.launches());
        assertThat(TriggerEvaluator.evaluate(
                                graph, once.cursor(), new TriggerInput(state.since(0), state, Set.of(), Set.of(), now))
                        .launches())
                .isEmpty();
    }
}
