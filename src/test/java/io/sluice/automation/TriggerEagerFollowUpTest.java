package io.sluice.automation;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What eager does after the runs it did not launch: runs over both assets, runs still active, an unpartitioned downstream. */
class TriggerEagerFollowUpTest {

    private static final AssetKey RAW = AssetKey.of("hub", "raw");
    private static final AssetKey DAILY = AssetKey.of("hub", "daily");
    private static final AssetKey TABLE = AssetKey.of("hub", "table");
    private static final TimeWindowPartitions DAYS = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1));
    private static final Instant NOW = Instant.parse("2024-03-01T12:00:00Z");

    private final FakeState state = new FakeState();

    private static AssetSpec<?> spec(String key, PartitionsDefinition partitions, String... deps) {
        return AssetSpec.builder(key).partitions(partitions).deps(deps).build();
    }

    private final TriggerGraph graph = TriggerGraph.of(List.of(
                    spec(RAW.toString(), DAYS),
                    spec(DAILY.toString(), DAYS, RAW.toString()),
                    spec(TABLE.toString(), PartitionsDefinition.none(), RAW.toString())))
            .withPolicy(DAILY, TriggerPolicy.eager())
            .withPolicy(TABLE, TriggerPolicy.eager());

    private TriggerPlan evaluate(TriggerCursor cursor, Set<AssetPartition> active) {
        return TriggerEvaluator.evaluate(
                graph, cursor, new TriggerInput(state.since(cursor.eventSequence()), state, Set.of(), active, NOW));
    }

    @Test
    void anUnpartitionedDownstreamOfEveryDayLaunchesOnceOneDayIsIn() {
        state.materialize(RAW, "2024-02-10", NOW);
        TriggerPlan plan = evaluate(TriggerCursor.START, Set.of());
        assertThat(plan.launched())
                .containsExactlyInAnyOrder(AssetPartition.whole(TABLE), AssetPartition.of(DAILY, "2024-02-10"));
    }

    @Test
    void aRunThatMaterializedTheDownstreamAfterTheUpstreamLaunchesNothingForIt() {
        state.materialize(RAW, "2024-02-10", NOW, "both");
        state.materialize(DAILY, "2024-02-10", NOW, "both");
        state.materialize(TABLE, null, NOW, "both");
        TriggerPlan plan = evaluate(TriggerCursor.START, Set.of());
        assertThat(plan.launched()).isEmpty();
        assertThat(plan.launches()).isEmpty();
    }

    @Test
    void aPartitionFoundActiveIsLaunchedOnceItsRunHasEnded() {
        state.materialize(RAW, "2024-02-10", NOW);
        TriggerPlan first = evaluate(TriggerCursor.START, Set.of(AssetPartition.of(DAILY, "2024-02-10")));
        assertThat(first.alreadyActive()).containsExactly(AssetPartition.of(DAILY, "2024-02-10"));
        assertThat(first.launched()).containsExactly(AssetPartition.whole(TABLE));
        assertThat(first.cursor().held()).contains(AssetPartition.of(DAILY, "2024-02-10"));

        TriggerPlan second = evaluate(first.cursor(), Set.of());
        assertThat(second.launched()).containsExactly(AssetPartition.of(DAILY, "2024-02-10"));
        assertThat(second.cursor().held()).isEmpty();
    }
}
