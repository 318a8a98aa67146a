package io.sluice.partitions;

import java.time.Instant;

/**
 * A downstream window reads one upstream window: the newest that overlaps it and exists in the upstream snapshot. An
 * upstream window exists once it has ended, or once it has started when the upstream's end offset is 1, so a daily
 * asset reads the day's last hour (23:00, on any changeover day too) once the day is over, and, over an upstream
 * with end offset 1, the hour in progress during the day. A downstream window with no existing overlapping upstream
 * window is incomplete. {@link #downstreamOf} is the inverse: the downstream windows that pick one of the given
 * upstream windows; an upstream window that the next, not yet existing downstream window would pick is incomplete.
 */
public record LatestWindowMapping() implements PartitionMapping {

    @Override
    public MappedPartitions upstreamOf(PartitionSubset downstream, PartitionSpace upstream) {
        TimeWindowSpace from = TimeWindowMapping.windows(downstream.space(), "downstream");
        TimeWindowSpace to = TimeWindowMapping.windows(upstream, "upstream");
        IndexRanges.Builder found = IndexRanges.builder();
        IndexRanges.Builder incomplete = IndexRanges.builder();
        IndexRanges ranges = downstream.ranges();
        for (int i = 0; i < ranges.rangeCount(); i++) {
            for (long w = ranges.rangeStart(i); w < ranges.rangeEnd(i); w++) {
                long picked = picked(from, w, to);
                if (picked < 0) {
                    incomplete.add(w);
                } else {
                    found.add(picked);
                }
            }
        }
        return new MappedPartitions(to.subset(found.build()), from.subset(incomplete.build()));
    }

    @Override
    public MappedPartitions downstreamOf(PartitionSubset upstream, PartitionSpace downstream) {
        TimeWindowSpace from = TimeWindowMapping.windows(upstream.space(), "upstream");
        TimeWindowSpace to = TimeWindowMapping.windows(downstream, "downstream");
        IndexRanges.Builder found = IndexRanges.builder();
        IndexRanges.Builder incomplete = IndexRanges.builder();
        IndexRanges ranges = upstream.ranges();
        for (int i = 0; i < ranges.rangeCount(); i++) {
            long first = to.floorIndex(from.boundary(ranges.rangeStart(i)));
            long end = to.firstIndexAtOrAfter(from.boundary(ranges.rangeEnd(i)));
            for (long w = Math.max(-1, first); w < Math.min(to.size() + 1, end); w++) {
                long picked = picked(to, w, from);
                if (picked >= 0 && upstream.containsIndex(picked)) {
                    if (w >= 0 && w < to.size()) {
                        found.add(w);
                    } else {
                        incomplete.add(picked);
                    }
                }
            }
        }
        return new MappedPartitions(to.subset(found.build()), from.subset(incomplete.build()));
    }

    /** The newest existing window of {@code up} overlapping window {@code w} of {@code down}, or -1. */
    private static long picked(TimeWindowSpace down, long w, TimeWindowSpace up) {
        Instant start = down.boundary(w);
        Instant end = down.boundary(w + 1);
        long last = Math.min(up.firstIndexAtOrAfter(end) - 1, up.size() - 1);
        long firstOverlapping = Math.max(0, up.floorIndex(start));
        return last >= firstOverlapping && up.boundary(last + 1).isAfter(start) ? last : -1;
    }
}
