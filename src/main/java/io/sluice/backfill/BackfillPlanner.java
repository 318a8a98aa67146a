package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionSubset;
import java.util.ArrayList;
import java.util.List;

/**
 * Plans a backfill: pure, so a dry run returns exactly what a launch does. The selected assets share one
 * partitions definition (identity mapping), so each run carries all of them in dependency order and an
 * upstream partition is always materialized before the downstream partition that maps to it, in the
 * same run. Partitions are grouped {@code partitionsPerRun} at a time, or all in one run.
 */
public final class BackfillPlanner {

    private BackfillPlanner() {
    }

    /**
     * @param assets          the selected assets in dependency order
     * @param targets         the partitions to materialize
     * @param partitionsPerRun how many partitions each run takes ({@code >= 1}); ignored when {@code singleRun}
     */
    public static BackfillPlan plan(List<AssetKey> assets, PartitionSubset targets, int partitionsPerRun, boolean singleRun, RunOrder order) {
        if (partitionsPerRun < 1) {
            throw new IllegalArgumentException("partitionsPerRun must be >= 1");
        }
        List<String> keys = new ArrayList<>(targets.keys());
        if (order == RunOrder.NEWEST_FIRST) {
            java.util.Collections.reverse(keys);
        }
        int chunk = singleRun ? Math.max(1, keys.size()) : partitionsPerRun;
        List<PlannedRun> runs = new ArrayList<>((keys.size() + chunk - 1) / chunk);
        for (int from = 0; from < keys.size(); from += chunk) {
            List<String> part = keys.subList(from, Math.min(keys.size(), from + chunk));
            if (order == RunOrder.NEWEST_FIRST) {
                part = new ArrayList<>(part);
                java.util.Collections.reverse(part);
            }
            runs.add(new PlannedRun(runs.size(), assets, part));
        }
        return new BackfillPlan(assets, keys.size(), runs);
    }
}
