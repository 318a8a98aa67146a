package io.sluice.runs;

import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.IndexRanges;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionsDefinition;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Partition status per asset: MATERIALIZED, FAILED, IN_PROGRESS (a queued or started run covers it), STALE
 * (an upstream asset with the same partitions materialized that partition later) and MISSING (the rest, including
 * partitions whose data a rollback removed),
 * as index ranges over the asset's partitions, so 100k partitions answer in milliseconds.
 */
@ApplicationScoped
public class PartitionStatuses {

    private final AssetCatalog catalog;
    private final AssetState store;
    private final InstantSource clock;

    PartitionStatuses(AssetCatalog catalog, AssetState store, InstantSource clock) {
        this.catalog = catalog;
        this.store = store;
        this.clock = clock;
    }

    public PartitionStatusView of(AssetKey asset, Optional<PartitionState> only) {
        PartitionsDefinition definition = catalog.find(asset)
                .orElseThrow(() -> RequestRejected.notFound("asset", "unknown asset '" + asset + "'"))
                .spec()
                .partitions();
        if (!definition.isPartitioned()) {
            throw RequestRejected.invalid("asset", "asset " + asset + " is not partitioned");
        }
        PartitionSpace space = definition.at(clock.instant());
        // Active partitions first: a run ending between the two reads then shows IN_PROGRESS, never MISSING.
        Set<String> activeKeys = store.activePartitions(asset);
        Map<PartitionState, IndexRanges.Builder> builders = new EnumMap<>(PartitionState.class);
        Map<String, Instant> materialized = store.materializedAt(asset);
        Map<String, Instant> latestUpstream = latestUpstream(asset, definition);
        store.partitionOutcomes(asset)
                .forEach((key, status) -> index(space, key).ifPresent(i -> {
                    PartitionState state = PartitionState.valueOf(status);
                    if (state == PartitionState.MISSING) {
                        return; // stored by a rollback that removed the partition's data: missing as if never
                        // materialized
                    }
                    Instant at = materialized.get(key);
                    if (state == PartitionState.MATERIALIZED
                            && at != null
                            && latestUpstream.containsKey(key)
                            && latestUpstream.get(key).isAfter(at)) {
                        state = PartitionState.STALE;
                    }
                    builders.computeIfAbsent(state, s -> IndexRanges.builder()).add(i);
                }));
        IndexRanges active = IndexRanges.empty();
        IndexRanges.Builder activeBuilder = IndexRanges.builder();
        for (String key : activeKeys) {
            index(space, key).ifPresent(activeBuilder::add);
        }
        active = activeBuilder.build();
        Map<PartitionState, IndexRanges> sets = new EnumMap<>(PartitionState.class);
        IndexRanges known = active;
        for (var e : builders.entrySet()) {
            IndexRanges set = e.getValue().build().minus(active);
            sets.put(e.getKey(), set);
            known = known.union(set);
        }
        sets.put(PartitionState.IN_PROGRESS, active);
        sets.put(PartitionState.MISSING, known.complement(space.size()));
        Map<PartitionState, Long> counts = new EnumMap<>(PartitionState.class);
        List<PartitionStatusView.Range> ranges = new ArrayList<>();
        for (PartitionState state : PartitionState.values()) {
            IndexRanges set = sets.getOrDefault(state, IndexRanges.empty());
            counts.put(state, set.count());
            if (only.isPresent() && only.get() != state) {
                continue;
            }
            for (int r = 0; r < set.rangeCount(); r++) {
                long start = set.rangeStart(r);
                long end = set.rangeEnd(r);
                ranges.add(new PartitionStatusView.Range(state, space.keyAt(start), space.keyAt(end - 1), end - start));
            }
        }
        ranges.sort(Comparator.comparingLong(r -> space.indexOf(r.start()).orElse(0)));
        return new PartitionStatusView(asset.toString(), space.size(), counts, ranges);
    }

    /** For each partition, the latest time an upstream asset with the same partitions materialized it. */
    private Map<String, Instant> latestUpstream(AssetKey asset, PartitionsDefinition definition) {
        Map<String, Instant> latest = new HashMap<>();
        Set<AssetKey> upstream = catalog.graph().upstreamOf(asset);
        for (AssetKey up : upstream) {
            boolean samePartitions = catalog.find(up)
                    .map(a -> a.spec().partitions().equals(definition))
                    .orElse(false);
            if (samePartitions) {
                store.materializedAt(up).forEach((k, t) -> latest.merge(k, t, (a, b) -> a.isAfter(b) ? a : b));
            }
        }
        return latest;
    }

    private static OptionalLong index(PartitionSpace space, String key) {
        return space.indexOf(key);
    }
}
