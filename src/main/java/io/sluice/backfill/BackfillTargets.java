package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.runs.Keys;
import io.sluice.runs.PartitionState;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.launch.PartitionSelection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The partitions a backfill request selects: its ranges and partitions (none: all), optionally only those not
 * materialized. Which ranges and keys select is the rule every launch follows ({@link PartitionSelection}): a partition
 * selected twice (two ranges that overlap, a partition inside a range) is invalid, naming both places; overlaps are
 * found by one sort, so thousands of one-day ranges cost milliseconds, not seconds.
 */
final class BackfillTargets {

    private BackfillTargets() {}

    static PartitionSubset of(
            BackfillRequest request,
            List<AssetKey> assets,
            PartitionSpace space,
            Function<AssetKey, Map<String, String>> outcomes) {
        Keys.require("partitions", request.partitions());
        List<PartitionSelection.Part> parts =
                new ArrayList<>(request.ranges().size() + request.partitions().size());
        for (int i = 0; i < request.ranges().size(); i++) {
            BackfillRequest.Range r = request.ranges().get(i);
            String start = r == null ? null : r.start();
            String end = r == null ? null : r.end();
            parts.add(PartitionSelection.Part.range(start, end, PartitionSelection.Where.range(i, start, end)));
        }
        for (int i = 0; i < request.partitions().size(); i++) {
            String key = request.partitions().get(i);
            parts.add(PartitionSelection.Part.key(key, PartitionSelection.Where.key(i, key)));
        }
        PartitionSubset targets = parts.isEmpty() ? space.all() : PartitionSelection.of(parts, space);
        if (request.failedAndMissingOnly()) {
            PartitionSubset needed = space.empty();
            for (AssetKey asset : assets) {
                List<String> materialized = outcomes.apply(asset).entrySet().stream()
                        .filter(e -> PartitionState.MATERIALIZED.name().equals(e.getValue())
                                && space.indexOf(e.getKey()).isPresent())
                        .map(Map.Entry::getKey)
                        .toList();
                needed = needed.union(space.subset(materialized).complement());
            }
            targets = targets.intersect(needed);
        }
        if (targets.isEmpty()) {
            throw RequestRejected.invalid(
                    request.failedAndMissingOnly() ? "failedAndMissingOnly" : "ranges",
                    "the backfill selects no partition"
                            + (request.failedAndMissingOnly() ? ": none is failed or missing" : ""));
        }
        return targets;
    }
}
