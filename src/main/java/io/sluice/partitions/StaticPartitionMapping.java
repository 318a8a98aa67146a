package io.sluice.partitions;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * An explicit table from upstream keys to the downstream keys that read them, as Dagster's
 * {@code StaticPartitionMapping}; keys missing from the table map to nothing.
 */
public record StaticPartitionMapping(Map<String, Set<String>> downstreamKeysByUpstreamKey) implements PartitionMapping {

    public StaticPartitionMapping {
        Objects.requireNonNull(downstreamKeysByUpstreamKey, "downstreamKeysByUpstreamKey");
        Map<String, Set<String>> copy = new LinkedHashMap<>();
        downstreamKeysByUpstreamKey.forEach((upstream, downstream) -> copy.put(upstream, Set.copyOf(downstream)));
        downstreamKeysByUpstreamKey = Map.copyOf(copy);
    }

    @Override
    public MappedPartitions upstreamOf(PartitionSubset downstream, PartitionSpace upstream) {
        IndexRanges.Builder found = IndexRanges.builder();
        IndexRanges.Builder incomplete = IndexRanges.builder();
        downstreamKeysByUpstreamKey.forEach((upstreamKey, downstreamKeys) -> {
            OptionalLong target = upstream.indexOf(upstreamKey);
            for (String downstreamKey : downstreamKeys) {
                OptionalLong source = downstream.space().indexOf(downstreamKey);
                if (source.isPresent() && downstream.containsIndex(source.getAsLong())) {
                    target.ifPresentOrElse(found::add, () -> incomplete.add(source.getAsLong()));
                }
            }
        });
        return new MappedPartitions(
                upstream.subset(found.build()), downstream.space().subset(incomplete.build()));
    }

    @Override
    public MappedPartitions downstreamOf(PartitionSubset upstream, PartitionSpace downstream) {
        IndexRanges.Builder found = IndexRanges.builder();
        IndexRanges.Builder incomplete = IndexRanges.builder();
        downstreamKeysByUpstreamKey.forEach((upstreamKey, downstreamKeys) -> {
            OptionalLong source = upstream.space().indexOf(upstreamKey);
            if (source.isPresent() && upstream.containsIndex(source.getAsLong())) {
                for (String downstreamKey : downstreamKeys) {
                    downstream
                            .indexOf(downstreamKey)
                            .ifPresentOrElse(found::add, () -> incomplete.add(source.getAsLong()));
                }
            }
        });
        return new MappedPartitions(
                downstream.subset(found.build()), upstream.space().subset(incomplete.build()));
    }
}
