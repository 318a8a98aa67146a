package io.sluice.partitions;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Some partitions of one {@link PartitionSpace}, kept as ranges of indexes: algebra, counts and membership cost
 * the number of ranges, not the number of partitions. Subsets of different spaces do not mix.
 */
public record PartitionSubset(PartitionSpace space, IndexRanges ranges) {

    public PartitionSubset {
        Objects.requireNonNull(space, "space");
        Objects.requireNonNull(ranges, "ranges");
        if (!ranges.isWithin(space.size())) {
            throw new IllegalArgumentException("indexes " + ranges + " are not all below the " + space.size()
                    + " partitions of " + space.definition().describe());
        }
    }

    public long count() {
        return ranges.count();
    }

    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    public boolean contains(String key) {
        return space.indexOf(key).stream().anyMatch(ranges::contains);
    }

    public boolean containsIndex(long index) {
        return ranges.contains(index);
    }

    public PartitionSubset union(PartitionSubset other) {
        return new PartitionSubset(space, ranges.union(same(other).ranges));
    }

    public PartitionSubset intersect(PartitionSubset other) {
        return new PartitionSubset(space, ranges.intersect(same(other).ranges));
    }

    public PartitionSubset minus(PartitionSubset other) {
        return new PartitionSubset(space, ranges.minus(same(other).ranges));
    }

    /** The partitions of the space that are not in this subset. */
    public PartitionSubset complement() {
        return new PartitionSubset(space, ranges.complement(space.size()));
    }

    /** The keys in index order, computed as they are read. */
    public List<String> keys() {
        return new KeyView(space, ranges);
    }

    /** One key range per index range: the compact form for status pages and logs. */
    public List<PartitionKeyRange> keyRanges() {
        List<PartitionKeyRange> out = new ArrayList<>(ranges.rangeCount());
        for (int i = 0; i < ranges.rangeCount(); i++) {
            out.add(new PartitionKeyRange(space.keyAt(ranges.rangeStart(i)), space.keyAt(ranges.rangeEnd(i) - 1)));
        }
        return out;
    }

    private PartitionSubset same(PartitionSubset other) {
        if (!space.equals(other.space)) {
            throw new IllegalArgumentException(
                    "subsets of different partitions do not mix: " + space + " and " + other.space);
        }
        return other;
    }

    @Override
    public String toString() {
        List<PartitionKeyRange> shown = new ArrayList<>();
        for (int i = 0; i < Math.min(ranges.rangeCount(), 5); i++) {
            shown.add(new PartitionKeyRange(space.keyAt(ranges.rangeStart(i)), space.keyAt(ranges.rangeEnd(i) - 1)));
        }
        String more = ranges.rangeCount() > 5 ? " and " + (ranges.rangeCount() - 5) + " more ranges" : "";
        return count() + " of " + space.size() + " partitions " + shown + more;
    }
}
