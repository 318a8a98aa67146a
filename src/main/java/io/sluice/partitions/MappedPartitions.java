package io.sluice.partitions;

import java.util.Objects;

/**
 * What a {@link PartitionMapping} leads to: {@code partitions} of the target space, and the {@code incomplete}
 * partitions of the source that lead to some target partitions that do not exist (before the target's first
 * partition, after its last one, not yet ended, or not a key of it). A planner can run a downstream partition
 * only if it is not incomplete.
 */
public record MappedPartitions(PartitionSubset partitions, PartitionSubset incomplete) {

    public MappedPartitions {
        Objects.requireNonNull(partitions, "partitions");
        Objects.requireNonNull(incomplete, "incomplete");
    }

    static MappedPartitions complete(PartitionSubset partitions, PartitionSpace source) {
        return new MappedPartitions(partitions, source.empty());
    }
}
