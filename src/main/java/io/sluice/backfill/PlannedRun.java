package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import java.util.List;

/**
 * One run a backfill will launch: its assets in dependency order, the partitions it materializes (none for
 * unpartitioned assets), the sequences of the runs it waits for (runs of upstream assets partitioned
 * differently; it starts only once they all succeeded), and where its partitions sit among the backfill's: from
 * {@code position} on (0-based, in the order the backfill page lists partitions: the first partitioned assets' in index
 * order, then those of assets partitioned otherwise; a run without partitions sits after the last one).
 */
public record PlannedRun(
        int sequence, List<AssetKey> assets, List<String> partitions, List<Integer> after, long position) {

    public PlannedRun {
        assets = List.copyOf(assets);
        partitions = List.copyOf(partitions);
        after = List.copyOf(after);
        if (assets.isEmpty()) {
            throw new IllegalArgumentException("a planned run needs assets");
        }
        if (position < 0) {
            throw new IllegalArgumentException("a run's partitions cannot sit at position " + position);
        }
        if (after.stream().anyMatch(a -> a >= sequence)) {
            throw new IllegalArgumentException(
                    "run " + sequence + " can only wait for runs planned before it: " + after);
        }
    }

    public PlannedRun(int sequence, List<AssetKey> assets, List<String> partitions, List<Integer> after) {
        this(sequence, assets, partitions, after, 0);
    }

    public PlannedRun(int sequence, List<AssetKey> assets, List<String> partitions) {
        this(sequence, assets, partitions, List.of());
    }

    /** The same run at {@code position}. */
    PlannedRun at(long position) {
        return new PlannedRun(sequence, assets, partitions, after, position);
    }
}
