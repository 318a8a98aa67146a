package io.sluice.partitions;

import java.time.Instant;

/**
 * A downstream window reads the upstream windows that overlap it, with its start moved by {@code startOffset}
 * and its end by {@code endOffset} downstream windows (Dagster's {@code TimeWindowPartitionMapping}). A daily
 * asset reading an hourly one reads the 24 hours of its day (23 or 25 on changeover days); with
 * {@code startOffset = -1} a daily asset also reads the day before. Windows are compared as instants, so the two
 * definitions may differ in schedule and zone; {@link #downstreamOf} is the exact inverse of {@link #upstreamOf}.
 */
public record TimeWindowMapping(int startOffset, int endOffset) implements PartitionMapping {

    public TimeWindowMapping {
        if (startOffset > endOffset) {
            throw new IllegalArgumentException("start offset " + startOffset + " is after end offset " + endOffset);
        }
        if (Math.abs(startOffset) > TimeWindowPartitions.MAX_OFFSET
                || Math.abs(endOffset) > TimeWindowPartitions.MAX_OFFSET) {
            throw new IllegalArgumentException(
                    "offsets are limited to +-" + TimeWindowPartitions.MAX_OFFSET + " windows");
        }
    }

    @Override
    public MappedPartitions upstreamOf(PartitionSubset downstream, PartitionSpace upstream) {
        TimeWindowSpace from = windows(downstream.space(), "downstream");
        TimeWindowSpace to = windows(upstream, "upstream");
        IndexRanges.Builder found = IndexRanges.builder();
        IndexRanges ranges = downstream.ranges();
        for (int i = 0; i < ranges.rangeCount(); i++) {
            Instant start = from.boundary(ranges.rangeStart(i) + startOffset);
            Instant end = from.boundary(ranges.rangeEnd(i) + endOffset);
            found.add(clamp(to.floorIndex(start), to), clamp(to.firstIndexAtOrAfter(end), to));
        }
        long firstComplete = from.firstIndexAtOrAfter(to.boundary(0)) - startOffset;
        long endComplete = from.floorIndex(to.boundary(to.size())) - endOffset;
        return new MappedPartitions(to.subset(found.build()), incomplete(downstream, firstComplete, endComplete));
    }

    @Override
    public MappedPartitions downstreamOf(PartitionSubset upstream, PartitionSpace downstream) {
        TimeWindowSpace from = windows(upstream.space(), "upstream");
        TimeWindowSpace to = windows(downstream, "downstream");
        IndexRanges.Builder found = IndexRanges.builder();
        IndexRanges ranges = upstream.ranges();
        for (int i = 0; i < ranges.rangeCount(); i++) {
            long first = to.floorIndex(from.boundary(ranges.rangeStart(i))) - endOffset;
            long end = to.firstIndexAtOrAfter(from.boundary(ranges.rangeEnd(i))) - startOffset;
            found.add(clamp(first, to), Math.max(clamp(first, to), clamp(end, to)));
        }
        long firstComplete = from.firstIndexAtOrAfter(to.boundary(endOffset));
        long endComplete = from.floorIndex(to.boundary(to.size() + startOffset));
        return new MappedPartitions(to.subset(found.build()), incomplete(upstream, firstComplete, endComplete));
    }

    /** The source partitions outside {@code [firstComplete, endComplete)}. */
    private static PartitionSubset incomplete(PartitionSubset source, long firstComplete, long endComplete) {
        long size = source.space().size();
        long first = Math.max(0, Math.min(size, firstComplete));
        long end = Math.max(first, Math.min(size, endComplete));
        return source.space().subset(source.ranges().minus(IndexRanges.of(first, end)));
    }

    private static long clamp(long index, TimeWindowSpace space) {
        return Math.max(0, Math.min(space.size(), index));
    }

    static TimeWindowSpace windows(PartitionSpace space, String side) {
        if (space instanceof TimeWindowSpace windows) {
            return windows;
        }
        throw new IllegalArgumentException("a time window mapping needs time-window partitions " + side + ", not "
                + space.definition().describe());
    }
}
