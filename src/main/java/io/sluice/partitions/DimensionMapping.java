package io.sluice.partitions;

import java.util.Objects;
import java.util.Optional;

/**
 * How one upstream dimension of a {@link MultiPartitionMapping} is read: from the downstream dimension called
 * {@code downstreamDimension}, or from the whole downstream key when the downstream is not multi-dimensional.
 */
public record DimensionMapping(Optional<String> downstreamDimension, PartitionMapping mapping) {

    public DimensionMapping {
        Objects.requireNonNull(downstreamDimension, "downstreamDimension");
        Objects.requireNonNull(mapping, "mapping");
        if (mapping instanceof MultiPartitionMapping || mapping instanceof FromDimensionMapping) {
            throw new IllegalArgumentException("a dimension is mapped by a single-dimensional mapping, not " + mapping);
        }
    }

    public static DimensionMapping from(String downstreamDimension, PartitionMapping mapping) {
        return new DimensionMapping(Optional.of(downstreamDimension), mapping);
    }

    public static DimensionMapping fromWholeKey(PartitionMapping mapping) {
        return new DimensionMapping(Optional.empty(), mapping);
    }
}
