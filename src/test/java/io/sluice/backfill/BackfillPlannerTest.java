package io.sluice.backfill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.backfill.BackfillPlanner.Selected;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.StaticPartitions;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BackfillPlannerTest {

    private static final Instant NOW = Instant.parse("2024-02-01T00:00:00Z");
    private static final TimeWindowPartitions DAYS = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1));
    private static final TimeWindowPartitions HOURS = TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0));
    private static final AssetKey A = AssetKey.parse("t/a");
    private static final AssetKey B = AssetKey.parse("t/b");
    private static final AssetKey C = AssetKey.parse("t/c");

    private static Selected asset(AssetKey key, PartitionsDefinition partitions, AssetKey... upstream) {
        return new Selected(key, partitions, Set.of(upstream));
    }

    private static PartitionSubset days(String start, String end) {
        return DAYS.at(NOW).subset(new PartitionKeyRange(start, end));
    }

    @Test
    void assetsOfOneDefinitionShareEachRunInDependencyOrderAndWaitForNothing() {
        BackfillPlan plan =
                BackfillPlanner.plan(List.of(A, B), days("2024-01-01", "2024-01-10"), 3, false, RunOrder.NEWEST_FIRST);
        assertThat(plan.partitionCount()).isEqualTo(10);
        assertThat(plan.runs())
                .extracting(PlannedRun::partitions)
                .containsExactly(
                        List.of("2024-01-08", "2024-01-09", "2024-01-10"),
                        List.of("2024-01-05", "2024-01-06", "2024-01-07"),
                        List.of("2024-01-02", "2024-01-03", "2024-01-04"),
                        List.of("2024-01-01"));
        assertThat(plan.runs()).allSatisfy(r -> {
            assertThat(r.assets()).containsExactly(A, B);
            assertThat(r.after()).isEmpty();
        });
        assertThat(BackfillPlanner.plan(List.of(A), days("2024-01-01", "2024-01-10"), 3, true, RunOrder.OLDEST_FIRST)
                        .runs())
                .singleElement()
                .satisfies(r -> assertThat(r.partitions()).hasSize(10).startsWith("2024-01-01"));
    }

    @Test
    void aDailyAssetWaitsForTheRunsOfItsTwentyFourHours() {
        PartitionSpace hours = HOURS.at(NOW);
        PartitionSubset targets = hours.subset(new PartitionKeyRange(hours.keyAt(0), hours.keyAt(47)));
        BackfillPlan plan = BackfillPlanner.plan(
                List.of(asset(A, HOURS), asset(B, DAYS, A)), targets, NOW, 1, false, RunOrder.OLDEST_FIRST);
        assertThat(plan.runs()).hasSize(48 + 2);
        assertThat(plan.runs().subList(0, 48))
                .allSatisfy(r -> assertThat(r.assets()).containsExactly(A));
        PlannedRun first = plan.runs().get(48);
        PlannedRun second = plan.runs().get(49);
        assertThat(first.assets()).containsExactly(B);
        assertThat(first.partitions()).containsExactly("2024-01-01");
        assertThat(first.after())
                .hasSize(24)
                .allSatisfy(
                        s -> assertThat(plan.runs().get(s).partitions().get(0)).startsWith("2024-01-01"));
        assertThat(second.partitions()).containsExactly("2024-01-02");
        assertThat(second.after())
                .hasSize(24)
                .allSatisfy(
                        s -> assertThat(plan.runs().get(s).partitions().get(0)).startsWith("2024-01-02"));
    }

    @Test
    void onlyTheDownstreamPartitionsTheRangeMapsToArePlanned() {
        PartitionSpace hours = HOURS.at(NOW);
        // 30 hours: all of the first day, part of the second; the second day is still planned (its hours are partly
        // asked)
        PartitionSubset targets = hours.subset(new PartitionKeyRange(hours.keyAt(0), hours.keyAt(29)));
        BackfillPlan plan = BackfillPlanner.plan(
                List.of(asset(A, HOURS), asset(B, DAYS, A)), targets, NOW, 10, false, RunOrder.OLDEST_FIRST);
        assertThat(plan.partitionCount()).isEqualTo(30);
        PlannedRun daily = plan.runs().get(plan.runs().size() - 1);
        assertThat(daily.partitions()).containsExactly("2024-01-01", "2024-01-02");
        assertThat(daily.after()).containsExactly(0, 1, 2).as("the three hourly runs of 10 hours each");
    }

    @Test
    void anUnpartitionedAssetWaitsForEveryUpstreamRun() {
        BackfillPlan plan = BackfillPlanner.plan(
                List.of(asset(A, DAYS), asset(B, PartitionsDefinition.none(), A)),
                days("2024-01-01", "2024-01-05"),
                NOW,
                2,
                false,
                RunOrder.OLDEST_FIRST);
        assertThat(plan.runs())
                .extracting(PlannedRun::assets)
                .containsExactly(List.of(A), List.of(A), List.of(A), List.of(B));
        assertThat(plan.runs().get(3).partitions()).isEmpty();
        assertThat(plan.runs().get(3).after()).containsExactly(0, 1, 2);
    }

    @Test
    void partitionsDownstreamOfAnUnpartitionedAssetWaitForItsRun() {
        BackfillPlan plan = BackfillPlanner.plan(
                List.of(asset(A, PartitionsDefinition.none()), asset(B, DAYS, A)),
                days("2024-01-01", "2024-01-03"),
                NOW,
                1,
                false,
                RunOrder.OLDEST_FIRST);
        assertThat(plan.runs().get(0).assets()).containsExactly(A);
        assertThat(plan.runs().subList(1, 4))
                .allSatisfy(r -> assertThat(r.after()).containsExactly(0));
    }

    @Test
    void aSandwichedDefinitionAndAnUnrelatedOneAreRefusedWithTheReason() {
        assertThatThrownBy(() -> BackfillPlanner.plan(
                        List.of(asset(A, DAYS), asset(B, HOURS, A), asset(C, DAYS, B)),
                        days("2024-01-01", "2024-01-02"),
                        NOW,
                        1,
                        false,
                        RunOrder.OLDEST_FIRST))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("backfill them in two steps");
        StaticPartitions regions = StaticPartitions.of("eu", "us");
        assertThatThrownBy(() -> BackfillPlanner.plan(
                        List.of(asset(A, DAYS), asset(B, regions)),
                        days("2024-01-01", "2024-01-02"),
                        NOW,
                        1,
                        false,
                        RunOrder.OLDEST_FIRST))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("backfill them separately");
        assertThatThrownBy(() -> BackfillPlanner.plan(
                        List.of(asset(A, DAYS), asset(B, PartitionsDefinition.none(), A), asset(C, DAYS, B)),
                        days("2024-01-01", "2024-01-02"),
                        NOW,
                        1,
                        false,
                        RunOrder.OLDEST_FIRST))
                .hasMessageContaining("backfill them in two steps");
    }

    @Test
    void everyRunWaitsOnlyForRunsPlannedBeforeIt() {
        assertThatThrownBy(() -> new PlannedRun(1, List.of(A), List.of(), List.of(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void eachRunSitsAmongTheBackfillsPartitionsInTheirOrderWhateverTheOrderTheyRunIn() {
        BackfillPlan newest =
                BackfillPlanner.plan(List.of(A), days("2024-01-01", "2024-01-10"), 3, false, RunOrder.NEWEST_FIRST);
        // runs 01-08..10, 05..07, 02..04, 01: they hold positions 7, 4, 1 and 0 of the ten days in order
        assertThat(newest.runs()).extracting(PlannedRun::position).containsExactly(7L, 4L, 1L, 0L);
        BackfillPlan oldest =
                BackfillPlanner.plan(List.of(A), days("2024-01-01", "2024-01-10"), 3, false, RunOrder.OLDEST_FIRST);
        assertThat(oldest.runs()).extracting(PlannedRun::position).containsExactly(0L, 3L, 6L, 9L);

        // 48 hours, then their 2 days, then an unpartitioned asset after the last partition
        PartitionSpace hours = HOURS.at(NOW);
        BackfillPlan mixed = BackfillPlanner.plan(
                List.of(asset(A, HOURS), asset(B, DAYS, A), asset(C, io.sluice.partitions.Unpartitioned.INSTANCE, B)),
                hours.subset(new PartitionKeyRange(hours.keyAt(0), hours.keyAt(47))),
                NOW,
                1,
                false,
                RunOrder.OLDEST_FIRST);
        assertThat(mixed.runs()).hasSize(51);
        assertThat(mixed.runs().get(47).position()).isEqualTo(47);
        assertThat(mixed.runs().get(48).position()).isEqualTo(48);
        assertThat(mixed.runs().get(49).position()).isEqualTo(49);
        assertThat(mixed.runs().get(50).partitions()).isEmpty();
        assertThat(mixed.runs().get(50).position()).isEqualTo(50);
    }
}
