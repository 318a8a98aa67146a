package io.sluice.partitions;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.PrimitiveIterator;

/**
 * A partition reads the upstream partition with the same key. Equal spaces map index for index, time windows
 * on the same schedule, zone and key format map by arithmetic, multi-dimensional partitions with the same
 * dimension names map dimension by dimension; anything else maps key by key.
 */
public record IdentityMapping() implements PartitionMapping {

    @Override
    public MappedPartitions upstreamOf(PartitionSubset downstream, PartitionSpace upstream) {
        return map(downstream, upstream, true);
    }

    @Override
    public MappedPartitions downstreamOf(PartitionSubset upstream, PartitionSpace downstream) {
        return map(upstream, downstream, false);
    }

    private MappedPartitions map(PartitionSubset source, PartitionSpace target, boolean upstream) {
        if (source.space().equals(target)) {
            return MappedPartitions.complete(target.subset(source.ranges()), source.space());
        }
        if (source.space() instanceof TimeWindowSpace from
                && target instanceof TimeWindowSpace to
                && sameGrid(from, to)) {
            TimeWindowMapping same = new TimeWindowMapping(0, 0);
            return upstream ? same.upstreamOf(source, target) : same.downstreamOf(source, target);
        }
        if (source.space() instanceof MultiSpace from && target instanceof MultiSpace to) {
            List<ProductMapping.Link> links = links(upstream ? to : from, upstream ? from : to);
            if (links != null) {
                return upstream
                        ? ProductMapping.upstreamOf(links, source, target)
                        : ProductMapping.downstreamOf(links, source, target);
            }
        }
        IndexRanges.Builder found = IndexRanges.builder();
        IndexRanges.Builder incomplete = IndexRanges.builder();
        for (PrimitiveIterator.OfLong it = source.ranges().iterator(); it.hasNext(); ) {
            long index = it.nextLong();
            OptionalLong mapped = target.indexOf(source.space().keyAt(index));
            if (mapped.isPresent()) {
                found.add(mapped.getAsLong());
            } else {
                incomplete.add(index);
            }
        }
        return new MappedPartitions(target.subset(found.build()), source.space().subset(incomplete.build()));
    }

    private static boolean sameGrid(TimeWindowSpace a, TimeWindowSpace b) {
        TimeWindowPartitions x = a.definition();
        TimeWindowPartitions y = b.definition();
        return x.schedule().equals(y.schedule())
                && x.zone().equals(y.zone())
                && x.keyFormat().equals(y.keyFormat());
    }

    /** Each upstream dimension linked to the downstream dimension of the same name, or null if the names differ. */
    private static List<ProductMapping.Link> links(MultiSpace upstream, MultiSpace downstream) {
        List<PartitionDimension> up = upstream.definition().dimensions();
        List<PartitionDimension> down = downstream.definition().dimensions();
        if (up.size() != down.size()) {
            return null;
        }
        List<ProductMapping.Link> links = new ArrayList<>();
        for (PartitionDimension dimension : up) {
            int source = -1;
            for (int i = 0; i < down.size(); i++) {
                if (down.get(i).name().equals(dimension.name())) {
                    source = i;
                }
            }
            if (source < 0) {
                return null;
            }
            links.add(new ProductMapping.Link(source, new IdentityMapping()));
        }
        return links;
    }
}
