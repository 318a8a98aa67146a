package io.sluice.partitions;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which partitions of an upstream asset a partition of a downstream asset reads, in both directions, on whole
 * subsets at once. Every mapping works on {@link PartitionSubset}s, so that a range of 100,000 partitions maps
 * as a range wherever the mapping allows.
 */
public sealed interface PartitionMapping
        permits IdentityMapping,
                AllPartitionsMapping,
                LastPartitionMapping,
                StaticPartitionMapping,
                TimeWindowMapping,
                LatestWindowMapping,
                MultiPartitionMapping,
                FromDimensionMapping {

    /** The upstream partitions that {@code downstream} reads; incomplete: downstream partitions missing some of them. */
    MappedPartitions upstreamOf(PartitionSubset downstream, PartitionSpace upstream);

    /** The downstream partitions that read {@code upstream}; incomplete: upstream partitions read by missing ones. */
    MappedPartitions downstreamOf(PartitionSubset upstream, PartitionSpace downstream);

    /** The same key upstream and downstream. */
    static IdentityMapping identity() {
        return new IdentityMapping();
    }

    /** Every upstream partition. */
    static AllPartitionsMapping all() {
        return new AllPartitionsMapping();
    }

    /** The last existing upstream partition. */
    static LastPartitionMapping last() {
        return new LastPartitionMapping();
    }

    /** Upstream windows overlapping the downstream window, its start and end moved by whole downstream windows. */
    static TimeWindowMapping timeWindow(int startOffset, int endOffset) {
        return new TimeWindowMapping(startOffset, endOffset);
    }

    /** The newest existing upstream window that overlaps the downstream window (see {@link LatestWindowMapping}). */
    static LatestWindowMapping latestWindow() {
        return new LatestWindowMapping();
    }

    /**
     * The mapping a dependency gets unless it says otherwise, as in Dagster: identity for equal definitions,
     * overlapping time windows for two time-window definitions, per dimension (matched by name or by kind) for
     * multi-dimensional ones, else every upstream partition.
     */
    static PartitionMapping defaultFor(PartitionsDefinition upstream, PartitionsDefinition downstream) {
        if (upstream.equals(downstream)) {
            return identity();
        }
        if (upstream instanceof TimeWindowPartitions && downstream instanceof TimeWindowPartitions) {
            return timeWindow(0, 0);
        }
        if (upstream instanceof MultiPartitions up && downstream instanceof MultiPartitions down) {
            Map<String, DimensionMapping> dimensions = new LinkedHashMap<>();
            for (PartitionDimension dimension : up.dimensions()) {
                for (PartitionDimension other : down.dimensions()) {
                    if (other.name().equals(dimension.name())) {
                        dimensions.put(
                                dimension.name(),
                                DimensionMapping.from(
                                        other.name(), defaultFor(dimension.definition(), other.definition())));
                    }
                }
            }
            return dimensions.isEmpty() ? all() : new MultiPartitionMapping(dimensions);
        }
        if (upstream instanceof MultiPartitions up && downstream.isPartitioned()) {
            for (PartitionDimension dimension : up.dimensions()) {
                if (sameKind(dimension.definition(), downstream)) {
                    return new MultiPartitionMapping(Map.of(
                            dimension.name(),
                            DimensionMapping.fromWholeKey(defaultFor(dimension.definition(), downstream))));
                }
            }
        }
        if (downstream instanceof MultiPartitions down && upstream.isPartitioned()) {
            for (PartitionDimension dimension : down.dimensions()) {
                if (sameKind(upstream, dimension.definition())) {
                    return new FromDimensionMapping(dimension.name(), defaultFor(upstream, dimension.definition()));
                }
            }
        }
        return all();
    }

    private static boolean sameKind(PartitionsDefinition a, PartitionsDefinition b) {
        return a.equals(b) || a instanceof TimeWindowPartitions && b instanceof TimeWindowPartitions;
    }
}
