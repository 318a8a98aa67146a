package io.sluice.bench;

import io.sluice.backfill.BackfillPlan;
import io.sluice.backfill.BackfillPlanner;
import io.sluice.backfill.RunOrder;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A dry run's planning, in process: the pure {@link BackfillPlanner} over 100,000 daily partitions times
 * 10 assets (the API cannot be used for this: the catalog has no 10 assets sharing one partitions
 * definition). Includes building the partition subset from a range, as a launch does. Best and median of 7.
 */
final class PlanningBench {

    record Figures(int partitions, int assets, int runs, double bestSeconds, double medianSeconds) {}

    static Figures run(int partitionCount, int assetCount) {
        LocalDate start = LocalDate.of(1700, 1, 1);
        TimeWindowPartitions daily = TimeWindowPartitions.daily(start);
        List<AssetKey> assets = new ArrayList<>();
        for (int i = 0; i < assetCount; i++) {
            assets.add(AssetKey.parse("bench/asset_" + i));
        }
        PartitionKeyRange range = new PartitionKeyRange(
                start.toString(), start.plusDays(partitionCount - 1L).toString());
        for (int i = 0; i < 3; i++) {
            plan(daily, range, assets);
        }
        double[] times = new double[7];
        int runs = 0;
        for (int i = 0; i < times.length; i++) {
            long t = System.nanoTime();
            BackfillPlan plan = plan(daily, range, assets);
            times[i] = (System.nanoTime() - t) / 1e9;
            runs = plan.runs().size();
            if (plan.partitionCount() != partitionCount) {
                throw new IllegalStateException(
                        "planned " + plan.partitionCount() + " partitions, expected " + partitionCount);
            }
        }
        Arrays.sort(times);
        return new Figures(partitionCount, assetCount, runs, times[0], times[times.length / 2]);
    }

    private static BackfillPlan plan(TimeWindowPartitions daily, PartitionKeyRange range, List<AssetKey> assets) {
        PartitionSpace space = daily.at(Instant.now());
        PartitionSubset targets = space.subset(range);
        return BackfillPlanner.plan(assets, targets, 1, false, RunOrder.OLDEST_FIRST);
    }
}
