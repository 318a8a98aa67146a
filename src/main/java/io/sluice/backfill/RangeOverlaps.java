package io.sluice.backfill;

import io.sluice.partitions.IndexRanges;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Sets of partition indexes added one by one, each checked against all those added before, in O(log n) per range of
 * indexes: the sets added so far are disjoint (an overlap is refused before it is added), so their ranges, ordered by
 * start, can only meet a new range at the floor entry of its start and at the entries that start inside it. Pure.
 */
final class RangeOverlaps {

    /** The first set (in the order added) that meets an earlier one, and the first earlier one it meets. */
    record Overlap(int earlier, int later) {}

    /** Start of each range added, to its end (exclusive) and the set it belongs to. */
    private final TreeMap<Long, long[]> byStart = new TreeMap<>();

    private int added;

    /**
     * Adds the next set, or answers the earliest-added set it meets and adds nothing.
     *
     * @return the index (in the order added, from 0) of the first earlier set that shares an index with {@code set}
     */
    OptionalInt add(IndexRanges set) {
        int earliest = Integer.MAX_VALUE;
        for (int i = 0; i < set.rangeCount(); i++) {
            long start = set.rangeStart(i);
            long end = set.rangeEnd(i);
            Map.Entry<Long, long[]> floor = byStart.floorEntry(start);
            if (floor != null && floor.getValue()[0] > start) {
                earliest = Math.min(earliest, (int) floor.getValue()[1]);
            }
            for (long[] met : byStart.subMap(start, false, end, false).values()) {
                earliest = Math.min(earliest, (int) met[1]);
            }
        }
        if (earliest != Integer.MAX_VALUE) {
            return OptionalInt.of(earliest);
        }
        for (int i = 0; i < set.rangeCount(); i++) {
            byStart.put(set.rangeStart(i), new long[] {set.rangeEnd(i), added});
        }
        added++;
        return OptionalInt.empty();
    }

    /** The first set of {@code sets} that meets an earlier one, as checking each against every earlier one finds it. */
    static Optional<Overlap> first(List<IndexRanges> sets) {
        RangeOverlaps checked = new RangeOverlaps();
        for (int i = 0; i < sets.size(); i++) {
            OptionalInt earlier = checked.add(sets.get(i));
            if (earlier.isPresent()) {
                return Optional.of(new Overlap(earlier.getAsInt(), i));
            }
        }
        return Optional.empty();
    }
}
