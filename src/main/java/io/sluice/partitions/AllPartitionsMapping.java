package io.sluice.partitions;

/** Every downstream partition reads every upstream partition, for example a model trained on all history. */
public record AllPartitionsMapping() implements PartitionMapping {

    @Override
    public MappedPartitions upstreamOf(PartitionSubset downstream, PartitionSpace upstream) {
        return MappedPartitions.complete(downstream.isEmpty() ? upstream.empty() : upstream.all(), downstream.space());
    }

    @Override
    public MappedPartitions downstreamOf(PartitionSubset upstream, PartitionSpace downstream) {
        return MappedPartitions.complete(upstream.isEmpty() ? downstream.empty() : downstream.all(), upstream.space());
    }
}
