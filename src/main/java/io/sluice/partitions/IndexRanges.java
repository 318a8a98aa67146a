package io.sluice.partitions;

import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.LongStream;
import java.util.stream.StreamSupport;

/**
 * An immutable set of non-negative partition indexes, stored as sorted, disjoint, non-adjacent half-open
 * ranges {@code [start, end)}. Every operation works on the ranges, never on single indexes, so a set of
 * 100,000 consecutive partitions costs two longs and its union with another set costs the number of ranges.
 */
public final class IndexRanges {

    private static final IndexRanges EMPTY = new IndexRanges(new long[0]);

    /** Bounds {@code s0, e0, s1, e1, ...}, strictly increasing. */
    private final long[] bounds;
    /** {@code before[i]}: how many indexes the ranges before range {@code i} hold. */
    private final long[] before;

    private final long count;

    private IndexRanges(long[] bounds) {
        this.bounds = bounds;
        this.before = new long[bounds.length / 2];
        long total = 0;
        for (int i = 0; i < before.length; i++) {
            before[i] = total;
            total += bounds[2 * i + 1] - bounds[2 * i];
        }
        this.count = total;
    }

    public static IndexRanges empty() {
        return EMPTY;
    }

    /** The indexes {@code [start, end)}. */
    public static IndexRanges of(long start, long end) {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("not a range of indexes: [" + start + ", " + end + ")");
        }
        return start == end ? EMPTY : new IndexRanges(new long[] {start, end});
    }

    /** The given indexes, in any order, duplicates allowed. */
    public static IndexRanges ofIndexes(long... indexes) {
        Builder builder = builder();
        for (long index : indexes) {
            builder.add(index);
        }
        return builder.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public long count() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    public int rangeCount() {
        return before.length;
    }

    public long rangeStart(int range) {
        return bounds[2 * range];
    }

    /** Exclusive end of range {@code range}. */
    public long rangeEnd(int range) {
        return bounds[2 * range + 1];
    }

    public long first() {
        requireNonEmpty();
        return bounds[0];
    }

    public long last() {
        requireNonEmpty();
        return bounds[bounds.length - 1] - 1;
    }

    public boolean contains(long index) {
        int range = rangeAtOrBefore(index);
        return range >= 0 && index < rangeEnd(range);
    }

    /** The {@code n}-th smallest index, counting from 0. */
    public long nth(long n) {
        if (n < 0 || n >= count) {
            throw new IndexOutOfBoundsException("index " + n + " of a set of " + count);
        }
        int lo = 0;
        int hi = before.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (before[mid] <= n) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return rangeStart(lo) + (n - before[lo]);
    }

    /** How many indexes of this set are smaller than {@code index}. */
    public long rank(long index) {
        int range = rangeAtOrBefore(index);
        if (range < 0) {
            return 0;
        }
        return before[range] + Math.min(index, rangeEnd(range)) - rangeStart(range);
    }

    /** Whether every index is below {@code size}. */
    public boolean isWithin(long size) {
        return bounds.length == 0 || bounds[bounds.length - 1] <= size;
    }

    public IndexRanges union(IndexRanges other) {
        return combine(other, UNION);
    }

    public IndexRanges intersect(IndexRanges other) {
        return combine(other, INTERSECTION);
    }

    public IndexRanges minus(IndexRanges other) {
        return combine(other, DIFFERENCE);
    }

    /** The indexes of {@code [0, size)} that are not in this set. */
    public IndexRanges complement(long size) {
        if (!isWithin(size)) {
            throw new IllegalArgumentException("set " + this + " is not within [0, " + size + ")");
        }
        return of(0, size).minus(this);
    }

    /** This set clipped to {@code [start, end)}. */
    public IndexRanges within(long start, long end) {
        return start >= end ? EMPTY : intersect(of(Math.max(0, start), Math.max(0, end)));
    }

    /** Every index moved by {@code delta}; indexes that would become negative are dropped. */
    public IndexRanges shift(long delta) {
        Builder builder = builder();
        for (int i = 0; i < rangeCount(); i++) {
            builder.add(Math.max(0, rangeStart(i) + delta), Math.max(0, rangeEnd(i) + delta));
        }
        return builder.build();
    }

    public LongStream stream() {
        int characteristics = Spliterator.ORDERED | Spliterator.SORTED | Spliterator.DISTINCT | Spliterator.NONNULL;
        return StreamSupport.longStream(Spliterators.spliterator(iterator(), count, characteristics), false);
    }

    public PrimitiveIterator.OfLong iterator() {
        return new PrimitiveIterator.OfLong() {
            private int range;
            private long next = bounds.length == 0 ? 0 : bounds[0];

            @Override
            public boolean hasNext() {
                return range < rangeCount();
            }

            @Override
            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                long value = next++;
                if (next == rangeEnd(range)) {
                    range++;
                    next = range < rangeCount() ? rangeStart(range) : 0;
                }
                return value;
            }
        };
    }

    /** The last range whose start is at most {@code index}, or -1. */
    private int rangeAtOrBefore(long index) {
        int lo = 0;
        int hi = rangeCount() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (rangeStart(mid) <= index) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    private void requireNonEmpty() {
        if (count == 0) {
            throw new NoSuchElementException("the set is empty");
        }
    }

    private interface Operation {
        boolean keep(boolean inThis, boolean inOther);
    }

    private static final Operation UNION = (a, b) -> a || b;
    private static final Operation INTERSECTION = (a, b) -> a && b;
    private static final Operation DIFFERENCE = (a, b) -> a && !b;

    /** One sweep over the bounds of both sets; a bound of the result is where the operation's value flips. */
    private IndexRanges combine(IndexRanges other, Operation operation) {
        long[] a = bounds;
        long[] b = other.bounds;
        long[] out = new long[a.length + b.length];
        int n = 0;
        int i = 0;
        int j = 0;
        boolean inA = false;
        boolean inB = false;
        boolean inOut = false;
        while (i < a.length || j < b.length) {
            long x = Math.min(i < a.length ? a[i] : Long.MAX_VALUE, j < b.length ? b[j] : Long.MAX_VALUE);
            if (i < a.length && a[i] == x) {
                inA = !inA;
                i++;
            }
            if (j < b.length && b[j] == x) {
                inB = !inB;
                j++;
            }
            boolean keep = operation.keep(inA, inB);
            if (keep != inOut) {
                out[n++] = x;
                inOut = keep;
            }
        }
        return n == 0 ? EMPTY : new IndexRanges(Arrays.copyOf(out, n));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IndexRanges other && Arrays.equals(bounds, other.bounds);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bounds);
    }

    /** For example {@code [0, 5) [7, 8)}. */
    @Override
    public String toString() {
        if (bounds.length == 0) {
            return "[]";
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < rangeCount(); i++) {
            if (i > 0) {
                text.append(' ');
            }
            if (i == 8 && rangeCount() > 10) {
                text.append("... (").append(rangeCount() - 9).append(" more) ");
                i = rangeCount() - 1;
            }
            text.append('[')
                    .append(rangeStart(i))
                    .append(", ")
                    .append(rangeEnd(i))
                    .append(')');
        }
        return text.toString();
    }

    /**
     * Collects ranges in any order, overlapping or not. Ranges added in ascending order are merged as they
     * come; otherwise {@link #build()} sorts starts and ends and sweeps once.
     */
    public static final class Builder {
        private long[] starts = new long[16];
        private long[] ends = new long[16];
        private int size;
        private boolean ordered = true;

        private Builder() {}

        public Builder add(long index) {
            return add(index, index + 1);
        }

        /** Adds {@code [start, end)}; an empty range is ignored. */
        public Builder add(long start, long end) {
            if (start < 0 || end < start) {
                throw new IllegalArgumentException("not a range of indexes: [" + start + ", " + end + ")");
            }
            if (start == end) {
                return this;
            }
            if (ordered && size > 0 && start < starts[size - 1]) {
                ordered = false;
            }
            if (ordered && size > 0 && start <= ends[size - 1]) {
                ends[size - 1] = Math.max(ends[size - 1], end);
                return this;
            }
            if (size == starts.length) {
                starts = Arrays.copyOf(starts, size * 2);
                ends = Arrays.copyOf(ends, size * 2);
            }
            starts[size] = start;
            ends[size] = end;
            size++;
            return this;
        }

        public Builder addAll(IndexRanges ranges) {
            for (int i = 0; i < ranges.rangeCount(); i++) {
                add(ranges.rangeStart(i), ranges.rangeEnd(i));
            }
            return this;
        }

        public IndexRanges build() {
            if (size == 0) {
                return EMPTY;
            }
            long[] s = Arrays.copyOf(starts, size);
            long[] e = Arrays.copyOf(ends, size);
            if (ordered) {
                long[] out = new long[2 * size];
                for (int i = 0; i < size; i++) {
                    out[2 * i] = s[i];
                    out[2 * i + 1] = e[i];
                }
                return new IndexRanges(out);
            }
            Arrays.sort(s);
            Arrays.sort(e);
            long[] out = new long[2 * size];
            int n = 0;
            int depth = 0;
            int i = 0;
            int j = 0;
            while (j < size) {
                if (i < size && s[i] <= e[j]) {
                    if (depth++ == 0) {
                        out[n++] = s[i];
                    }
                    i++;
                } else {
                    if (--depth == 0) {
                        out[n++] = e[j];
                    }
                    j++;
                }
            }
            return new IndexRanges(Arrays.copyOf(out, n));
        }
    }
}
