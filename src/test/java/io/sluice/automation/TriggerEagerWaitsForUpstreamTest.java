package io.sluice.automation;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Eager and what is being materialized upstream (issue 27, item 1): a downstream waits while an upstream partition it
 * reads is queued or running, or a running backfill targets it, and then runs once over everything that landed; an
 * upstream run that changed nothing makes nothing eligible.
 */
class TriggerEagerWaitsForUpstreamTest {

    private static final AssetKey RAW = AssetKey.of("hub", "raw");
    private static final AssetKey DAILY = AssetKey.of("hub", "daily");
    private static final AssetKey TABLE = AssetKey.of("hub", "table");
    private static final TimeWindowPartitions DAYS = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1));
    private static final Instant NOW = Instant.parse("2024-03-01T12:00:00Z");

    private final FakeState state = new FakeState();
    private final FakeActivity activity = new FakeActivity();

    private static AssetSpec<?> spec(AssetKey key, PartitionsDefinition partitions, String... deps) {
        return AssetSpec.builder(key.toString())
                .partitions(partitions)
                .deps(deps)
                .build();
    }

    private final TriggerGraph graph = TriggerGraph.of(List.of(
                    spec(RAW, DAYS),
                    spec(DAILY, DAYS, RAW.toString()),
                    spec(TABLE, PartitionsDefinition.none(), RAW.toString())))
            .withPolicy(DAILY, TriggerPolicy.eager())
            .withPolicy(TABLE, TriggerPolicy.eager());

    private TriggerPlan evaluate(TriggerCursor cursor, Instant now) {
        return TriggerEvaluator.evaluate(
                graph,
                cursor,
                new TriggerInput(
                        state.since(cursor.eventSequence()), state, Set.of(), Set.of(), activity, Map.of(), now));
    }

    private static List<String> days(int from, int to) {
        List<String> out = new ArrayList<>();
        for (int d = from; d <= to; d++) {
            out.add(LocalDate.of(2024, 2, d).toString());
        }
        return out;
    }

    @Test
    void aDownstreamWaitsWhileAnUpstreamPartitionItReadsIsQueuedOrRunning() {
        state.materialize(RAW, "2024-02-01", NOW);
        activity.run(RAW, "2024-02-02", "run-2");
        TriggerPlan busy = evaluate(TriggerCursor.START, NOW);
        // the table reads every day of raw, and one is queued: held, with the run named
        assertThat(busy.held()).singleElement().satisfies(h -> {
            assertThat(h.partition()).isEqualTo(AssetPartition.whole(TABLE));
            assertThat(h.reason()).isEqualTo(Held.Reason.UPSTREAM_IN_PROGRESS);
            assertThat(h.detail()).contains("run run-2", "hub/raw[2024-02-02]");
        });
        // the daily asset's 2024-02-01 reads only raw's 2024-02-01, which is quiet: it launches
        assertThat(busy.launched()).containsExactly(AssetPartition.of(DAILY, "2024-02-01"));
        assertThat(busy.cursor().held()).containsExactly(AssetPartition.whole(TABLE));

        // still running, no new event: still held
        assertThat(evaluate(busy.cursor(), NOW.plusSeconds(5)).launches()).isEmpty();

        state.materialize(RAW, "2024-02-02", NOW.plusSeconds(10));
        activity.quiet();
        TriggerPlan quiet = evaluate(busy.cursor(), NOW.plusSeconds(10));
        assertThat(quiet.launched())
                .containsExactlyInAnyOrder(AssetPartition.whole(TABLE), AssetPartition.of(DAILY, "2024-02-02"));
        assertThat(quiet.cursor().held()).isEmpty();
    }

    @Test
    void whileABackfillOfTheUpstreamRunsTheDownstreamWaitsAndThenRunsOnceOverEverythingThatLanded() {
        List<String> month = days(1, 29);
        activity.backfill(RAW, "backfill-1", month);
        TriggerCursor cursor = TriggerCursor.START;
        int launches = 0;
        // one day of the backfill lands at a time, and each run's end is an evaluation
        for (int i = 0; i < month.size(); i++) {
            state.materialize(RAW, month.get(i), NOW.plusSeconds(i));
            TriggerPlan plan = evaluate(cursor, NOW.plusSeconds(i));
            launches += plan.launches().size();
            assertThat(plan.held())
                    .extracting(Held::reason)
                    .containsOnly(Held.Reason.UPSTREAM_IN_PROGRESS)
                    .isNotEmpty();
            assertThat(plan.held()).allSatisfy(h -> assertThat(h.detail()).contains("backfill backfill-1"));
            cursor = plan.cursor();
        }
        assertThat(launches).as("nothing launched while the backfill runs").isZero();

        activity.quiet(); // its last run ended
        TriggerPlan after = evaluate(cursor, NOW.plusSeconds(60));
        assertThat(after.launches()).hasSize(2);
        assertThat(after.launched()).contains(AssetPartition.whole(TABLE)).hasSize(1 + month.size());
        LaunchRequest days = (LaunchRequest) after.launches().stream()
                .filter(l -> l.assets().contains(DAILY))
                .findFirst()
                .orElseThrow();
        assertThat(days.partitions()).containsExactly(new PartitionKeyRange("2024-02-01", "2024-02-29"));
        assertThat(evaluate(after.cursor(), NOW.plusSeconds(61)).launches()).isEmpty();
    }

    @Test
    void onlyThePartitionsThatReadWhatIsInProgressWait() {
        state.materialize(RAW, "2024-02-01", NOW);
        state.materialize(RAW, "2024-02-02", NOW);
        activity.backfill(RAW, "backfill-2", List.of("2024-02-02"));
        TriggerPlan plan = evaluate(TriggerCursor.START, NOW);
        assertThat(plan.launched()).containsExactly(AssetPartition.of(DAILY, "2024-02-01"));
        assertThat(plan.held())
                .extracting(Held::partition)
                .containsExactlyInAnyOrder(AssetPartition.of(DAILY, "2024-02-02"), AssetPartition.whole(TABLE));
    }

    @Test
    void anUpstreamRunThatChangedNothingMakesNothingEligible() {
        state.materialize(RAW, "2024-02-01", NOW);
        TriggerPlan first = evaluate(TriggerCursor.START, NOW);
        assertThat(first.launched()).hasSize(2);

        // the same day landed again, and its write changed no row: nothing downstream has anything new to read
        state.unchanged(RAW, "2024-02-01", NOW.plusSeconds(60));
        TriggerPlan rerun = evaluate(first.cursor(), NOW.plusSeconds(60));
        assertThat(rerun.launches()).isEmpty();
        assertThat(rerun.held()).isEmpty();
        assertThat(rerun.cursor().eventSequence()).isEqualTo(2);

        // in one batch: a day that changed nothing and one that changed: only the changed one is followed
        state.unchanged(RAW, "2024-02-02", NOW.plusSeconds(120));
        state.materialize(RAW, "2024-02-03", NOW.plusSeconds(120));
        TriggerPlan mixed = evaluate(rerun.cursor(), NOW.plusSeconds(120));
        assertThat(mixed.launched())
                .containsExactlyInAnyOrder(AssetPartition.whole(TABLE), AssetPartition.of(DAILY, "2024-02-03"));
    }

    @Test
    void anEvaluationThatDecidesNoEagerPartitionAsksNothingOfTheActivity() {
        TriggerPlan plan = evaluate(TriggerCursor.START, NOW);
        assertThat(plan.launches()).isEmpty();
        assertThat(activity.asked).isZero();
    }
}
