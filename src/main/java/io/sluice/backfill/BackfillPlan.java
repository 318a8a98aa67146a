package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import java.util.List;

/** The exact runs a backfill launches, in launch order; what a dry run returns. */
public record BackfillPlan(List<AssetKey> assets, long partitionCount, List<PlannedRun> runs) {

    public BackfillPlan {
        assets = List.copyOf(assets);
        runs = List.copyOf(runs);
    }
}
