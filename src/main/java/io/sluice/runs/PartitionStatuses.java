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
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
        Map<String, Instant> latestUpstream = latestUpstream(asset, definition);
        long previous = -1;
        // the time of an outcome matters only against an upstream asset's: without one, no time is read
        for (AssetState.Outcome outcome : store.outcomes(asset, !latestUpstream.isEmpty())) {
            PartitionState state = PartitionState.valueOf(outcome.status());
            if (state == PartitionState.MISSING) {
                continue; // stored by a rollback that removed the partition's data: missing as if never materialized
            }
            long i = indexAfter(space, previous, outcome.partition());
            if (i < 0) {
                continue;
            }
            previous = i;
            if (state == PartitionState.MATERIALIZED && !latestUpstream.isEmpty()) {
                Instant upstream = latestUpstream.get(outcome.partition());
                if (upstream != null && upstream.isAfter(outcome.at())) {
                    state = PartitionState.STALE;
                }
            }
            builders.computeIfAbsent(state, s -> IndexRanges.builder()).add(i);
        }
        IndexRanges.Builder activeBuilder = IndexRanges.builder();
        for (String key : activeKeys) {
            index(space, key).ifPresent(activeBuilder::add);
        }
        IndexRanges active = activeBuilder.build();
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
        List<Located> located = new ArrayList<>();
        for (PartitionState state : PartitionState.values()) {
            IndexRanges set = sets.getOrDefault(state, IndexRanges.empty());
            counts.put(state, set.count());
            if (only.isPresent() && only.get() != state) {
                continue;
            }
            for (int r = 0; r < set.rangeCount(); r++) {
                located.add(new Located(state, set.rangeStart(r), set.rangeEnd(r)));
            }
        }
        located.sort(Comparator.comparingLong(Located::start));
        List<PartitionStatusView.Range> ranges = new ArrayList<>(located.size());
        for (Located r : located) {
            ranges.add(new PartitionStatusView.Range(
                    r.state(), space.keyAt(r.start()), space.keyAt(r.end() - 1), r.end() - r.start()));
        }
        return new PartitionStatusView(asset.toString(), space.size(), counts, ranges);
    }

    /**
     * The counts of {@link #of} for each partitioned asset of a list, without their ranges, in a few reads of the store
     * whatever the number of assets (the catalog's health column): stored outcomes counted by the store, not read
     * partition by partition. Assets that are not partitioned (or not in the catalog) are absent.
     */
    public Map<AssetKey, PartitionStatusView> summaries(Collection<AssetKey> assets) {
        Instant now = clock.instant();
        Map<AssetKey, PartitionsDefinition> definitions = new LinkedHashMap<>();
        Map<AssetKey, Set<AssetKey>> sameUpstreams = new HashMap<>();
        for (AssetKey asset : assets) {
            catalog.find(asset)
                    .map(a -> a.spec().partitions())
                    .filter(PartitionsDefinition::isPartitioned)
                    .ifPresent(d -> definitions.put(asset, d));
        }
        definitions.forEach((asset, definition) -> {
            Set<AssetKey> same = new HashSet<>();
            for (AssetKey up : catalog.graph().upstreamOf(asset)) {
                if (catalog.find(up)
                        .map(a -> a.spec().partitions().equals(definition))
                        .orElse(false)) {
                    same.add(up);
                }
            }
            if (!same.isEmpty()) {
                sameUpstreams.put(asset, same);
            }
        });
        Map<AssetKey, Map<PartitionState, Long>> stored = store.partitionCounts(definitions.keySet(), sameUpstreams);
        Map<AssetKey, PartitionStatusView> views = new LinkedHashMap<>();
        definitions.forEach((asset, definition) -> {
            long total = definition.at(now).size();
            Map<PartitionState, Long> counts = new EnumMap<>(PartitionState.class);
            long known = 0;
            for (PartitionState state : PartitionState.values()) {
                if (state != PartitionState.MISSING) {
                    long n = stored.getOrDefault(asset, Map.of()).getOrDefault(state, 0L);
                    counts.put(state, n);
                    known += n;
                }
            }
            counts.put(PartitionState.MISSING, Math.max(0, total - known));
            views.put(asset, new PartitionStatusView(asset.toString(), total, counts, List.of()));
        });
        return views;
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

    /**
     * The index of a key read after the key at {@code previous} ({@code -1}: none), {@code -1} if it is not in the space.
     * The outcomes come in key order, which for time windows is mostly index order: the key after the previous one is
     * tried first, for the price of writing one key instead of parsing one and writing one.
     */
    private static long indexAfter(PartitionSpace space, long previous, String key) {
        long next = previous + 1;
        if (previous >= 0 && next < space.size() && space.keyAt(next).equals(key)) {
            return next;
        }
        return space.indexOf(key).orElse(-1);
    }

    /** A range of one state, by its indexes: ranges are ordered by index, not by parsing their first key. */
    private record Located(PartitionState state, long start, long end) {}
}
