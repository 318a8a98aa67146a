package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import java.util.List;

/** One run a backfill will launch: its assets in dependency order and the partitions it materializes. */
public record PlannedRun(int sequence, List<AssetKey> assets, List<String> partitions) {

    public PlannedRun {
        assets = List.copyOf(assets);
        partitions = List.copyOf(partitions);
        if (assets.isEmpty() || partitions.isEmpty()) {
            throw new IllegalArgumentException("a planned run needs assets and partitions");
        }
    }
}
