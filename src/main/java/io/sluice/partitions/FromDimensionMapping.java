package io.sluice.partitions;

import java.util.List;
import java.util.Objects;

/**
 * A single-dimensional upstream read from one dimension of a multi-dimensional downstream, for example daily
 * prices read by a {@code date|region} asset through its {@code date} dimension.
 */
public record FromDimensionMapping(String downstreamDimension, PartitionMapping mapping) implements PartitionMapping {

    public FromDimensionMapping {
        Objects.requireNonNull(downstreamDimension, "downstreamDimension");
        Objects.requireNonNull(mapping, "mapping");
        if (mapping instanceof MultiPartitionMapping || mapping instanceof FromDimensionMapping) {
            throw new IllegalArgumentException("a dimension is mapped by a single-dimensional mapping, not " + mapping);
        }
    }

    @Override
    public MappedPartitions upstreamOf(PartitionSubset downstream, PartitionSpace upstream) {
        return ProductMapping.upstreamOf(links(downstream.space()), downstream, upstream);
    }

    @Override
    public MappedPartitions downstreamOf(PartitionSubset upstream, PartitionSpace downstream) {
        return ProductMapping.downstreamOf(links(downstream), upstream, downstream);
    }

    private List<ProductMapping.Link> links(PartitionSpace downstream) {
        if (!(downstream instanceof MultiSpace multi)) {
            throw new IllegalArgumentException("mapping from dimension '" + downstreamDimension
                    + "' needs multi-dimensional partitions downstream, not "
                    + downstream.definition().describe());
        }
        return List.of(new ProductMapping.Link(multi.definition().dimensionIndex(downstreamDimension), mapping));
    }
}
