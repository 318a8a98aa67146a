package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import java.util.List;

/**
 * One run a backfill will launch: its assets in dependency order, the partitions it materializes (none for
 * unpartitioned assets), and the sequences of the runs it waits for (runs of upstream assets partitioned
 * differently); it starts only once they all succeeded.
 */
public record PlannedRun(int sequence, List<AssetKey> assets, List<String> partitions, List<Integer> after) {

    public PlannedRun {
        assets = List.copyOf(assets);
        partitions = List.copyOf(partitions);
        after = List.copyOf(after);
        if (assets.isEmpty()) {
            throw new IllegalArgumentException("a planned run needs assets");
        }
        if (after.stream().anyMatch(a -> a >= sequence)) {
            throw new IllegalArgumentException(
                    "run " + sequence + " can only wait for runs planned before it: " + after);
        }
    }

    public PlannedRun(int sequence, List<AssetKey> assets, List<String> partitions) {
        this(sequence, assets, partitions, List.of());
    }
}
