package io.sluice.partitions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Maps a multi-dimensional upstream dimension by dimension: each listed upstream dimension is read from one
 * downstream dimension (or the whole downstream key) through its own mapping; an upstream dimension that is
 * not listed is read in full. For example {@code date} from {@code date} with a time window mapping and
 * {@code region} from {@code region} with identity.
 */
public record MultiPartitionMapping(Map<String, DimensionMapping> upstreamDimensions) implements PartitionMapping {

    public MultiPartitionMapping {
        upstreamDimensions = Map.copyOf(Objects.requireNonNull(upstreamDimensions, "upstreamDimensions"));
    }

    @Override
    public MappedPartitions upstreamOf(PartitionSubset downstream, PartitionSpace upstream) {
        return ProductMapping.upstreamOf(links(upstream, downstream.space()), downstream, upstream);
    }

    @Override
    public MappedPartitions downstreamOf(PartitionSubset upstream, PartitionSpace downstream) {
        return ProductMapping.downstreamOf(links(upstream.space(), downstream), upstream, downstream);
    }

    private List<ProductMapping.Link> links(PartitionSpace upstream, PartitionSpace downstream) {
        if (!(upstream instanceof MultiSpace multi)) {
            throw new IllegalArgumentException(
                    "a multi-dimensional mapping needs multi-dimensional partitions upstream, not "
                            + upstream.definition().describe());
        }
        MultiPartitions definition = multi.definition();
        upstreamDimensions.keySet().forEach(definition::dimensionIndex);
        List<ProductMapping.Link> links = new ArrayList<>();
        for (PartitionDimension dimension : definition.dimensions()) {
            DimensionMapping mapping = upstreamDimensions.get(dimension.name());
            if (mapping == null) {
                links.add(ProductMapping.Link.all());
            } else {
                links.add(new ProductMapping.Link(source(mapping, downstream), mapping.mapping()));
            }
        }
        return links;
    }

    private static int source(DimensionMapping mapping, PartitionSpace downstream) {
        if (downstream instanceof MultiSpace multi) {
            return multi.definition()
                    .dimensionIndex(mapping.downstreamDimension()
                            .orElseThrow(() -> new IllegalArgumentException(
                                    "the downstream is multi-dimensional: name the dimension to map from")));
        }
        if (mapping.downstreamDimension().isPresent()) {
            throw new IllegalArgumentException(
                    "the downstream " + downstream.definition().describe() + " has no dimension '"
                            + mapping.downstreamDimension().get() + "'");
        }
        return 0;
    }
}
