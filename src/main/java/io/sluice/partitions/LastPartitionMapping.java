package io.sluice.partitions;

/** Every downstream partition reads the last existing upstream partition, for example the latest snapshot. */
public record LastPartitionMapping() implements PartitionMapping {

    @Override
    public MappedPartitions upstreamOf(PartitionSubset downstream, PartitionSpace upstream) {
        if (downstream.isEmpty()) {
            return MappedPartitions.complete(upstream.empty(), downstream.space());
        }
        if (upstream.size() == 0) {
            return new MappedPartitions(upstream.empty(), downstream);
        }
        return MappedPartitions.complete(
                upstream.subset(IndexRanges.of(upstream.size() - 1, upstream.size())), downstream.space());
    }

    @Override
    public MappedPartitions downstreamOf(PartitionSubset upstream, PartitionSpace downstream) {
        boolean last = upstream.space().size() > 0
                && upstream.containsIndex(upstream.space().size() - 1);
        return MappedPartitions.complete(last ? downstream.all() : downstream.empty(), upstream.space());
    }
}
