package io.sluice.runs.launch;

import io.sluice.partitions.IndexRanges;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.runs.RequestRejected;
import io.sluice.text.Text;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The partitions a launch selects as it was given: ranges {@code first...last} (both included) and single keys, each
 * with where it was given, so that a refusal names the place the user typed it: {@code ranges[1]} and
 * {@code partitions[0]} in a JSON body, From/To or the Partitions field in the launchpad. Every part must exist and go
 * forwards, and no partition may be selected twice (two ranges that overlap, a key inside a range): the refusal names
 * both parts. Pure; overlaps are found by one sort, not by comparing every pair.
 */
public final class PartitionSelection {

    private PartitionSelection() {}

    /**
     * Where a part was given and how a message names it.
     *
     * @param field the request field a problem with the whole part is reported on
     * @param name the part as a message names it, e.g. {@code ranges[1] (2024-01-15...2024-02-10)} or
     *     {@code 2024-01-15...2024-02-10 in Partitions}
     * @param startField, startName the field and name of its first key; endField, endName of its last
     */
    public record Where(
            String field, String name, String startField, String startName, String endField, String endName) {

        /** Range {@code i} of a JSON body's {@code ranges}. */
        public static Where range(int i, String start, String end) {
            String field = "ranges[" + i + "]";
            return new Where(
                    field,
                    start == null || end == null ? field : field + " (" + start + "..." + end + ")",
                    field + ".start",
                    field + ".start",
                    field + ".end",
                    field + ".end");
        }

        /** Key {@code i} of a JSON body's {@code partitions}. */
        public static Where key(int i, String key) {
            String field = "partitions[" + i + "]";
            return new Where(field, field + " " + Text.quote(key), field, field, field, field);
        }
    }

    /** One part as given: a range, or a single key ({@code start} equals {@code end}). */
    public record Part(String start, String end, Where where) {

        public static Part range(String start, String end, Where where) {
            return new Part(start, end, where);
        }

        public static Part key(String key, Where where) {
            return new Part(key, key, where);
        }
    }

    /**
     * The partitions the parts select in {@code space}.
     *
     * @throws RequestRejected.Invalid naming the part at fault: a key that is not a partition, a range that is missing an
     *     end or goes backwards, a part that selects a partition an earlier part selects
     */
    public static PartitionSubset of(List<Part> parts, PartitionSpace space) {
        List<Placed> placed = new ArrayList<>(parts.size());
        for (int i = 0; i < parts.size(); i++) {
            placed.add(place(i, parts.get(i), space));
        }
        List<Placed> byFirst = new ArrayList<>(placed);
        byFirst.sort(Comparator.comparingLong(Placed::first).thenComparingInt(Placed::order));
        Placed reach = null; // of the parts so far, the one that reaches furthest
        for (Placed p : byFirst) {
            if (reach != null && p.first() <= reach.last()) {
                Placed later = p.order() > reach.order() ? p : reach;
                Placed earlier = later == p ? reach : p;
                throw overlap(later, earlier, space);
            }
            if (reach == null || p.last() > reach.last()) {
                reach = p;
            }
        }
        IndexRanges.Builder all = IndexRanges.builder();
        for (Placed p : placed) {
            all.add(p.first(), p.last() + 1);
        }
        return space.subset(all.build());
    }

    /** A part placed in the space: its first and last index and its place among the parts. */
    private record Placed(Part part, int order, long first, long last) {}

    private static Placed place(int order, Part part, PartitionSpace space) {
        Where where = part.where();
        if (part.start() == null || part.end() == null) {
            throw RequestRejected.invalid(where.field(), where.name() + ": a range needs start and end partition keys");
        }
        long first = index(space, part.start(), where.startField(), where.startName());
        long last = index(space, part.end(), where.endField(), where.endName());
        if (last < first) {
            throw RequestRejected.invalid(
                    where.endField(),
                    where.name() + " goes backwards: " + part.end() + " comes before " + part.start()
                            + "; give the first partition, then the last");
        }
        return new Placed(part, order, first, last);
    }

    private static long index(PartitionSpace space, String key, String field, String name) {
        Text.keyProblem(name, key).ifPresent(problem -> {
            throw RequestRejected.invalid(field, problem);
        });
        var index = space.indexOf(key);
        if (index.isEmpty()) {
            throw RequestRejected.invalid(
                    field, name + ": " + space.validate(key).orElse(Text.quote(key) + " is not a partition"));
        }
        return index.getAsLong();
    }

    private static RequestRejected overlap(Placed later, Placed earlier, PartitionSpace space) {
        Where where = later.part().where();
        if (later.first() == later.last()) {
            String other = earlier.part().where().name();
            return RequestRejected.invalid(
                    where.field(),
                    where.name() + (other.equals(where.name()) ? " is given twice" : " is selected already by " + other)
                            + "; select each partition once");
        }
        long first = Math.max(later.first(), earlier.first());
        long last = Math.min(later.last(), earlier.last());
        PartitionKeyRange both = new PartitionKeyRange(space.keyAt(first), space.keyAt(last));
        long count = last - first + 1;
        return RequestRejected.invalid(
                later.part().where().field(),
                later.part().where().name() + " selects " + both
                        + (count > 1 ? " (" + count + " partitions)" : "") + ", which "
                        + earlier.part().where().name() + " selects already; select each partition once");
    }
}
