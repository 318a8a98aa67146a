package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.Draw;
import io.sluice.testing.Property;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The range algebra against a naive model: a BitSet of the same indexes. */
class IndexRangesPropertiesTest {

    private static final int SIZE = 200;

    /** A set built from random ranges, and the same set as a BitSet. */
    record Sample(IndexRanges ranges, BitSet bits) {}

    record Two(Sample a, Sample b) {}

    record Three(Sample a, Sample b, Sample c) {}

    record WithIndex(Sample a, int index) {}

    /** Up to 12 ranges, each from 0..SIZE and 0..30 long (cut at SIZE). */
    static Sample sets(Draw d) {
        return sample(d.listOf(0, 12, () -> {
            int start = d.between(0, SIZE);
            int length = d.between(0, 30);
            return new int[] {start, Math.min(SIZE, start + length)};
        }));
    }

    private static Sample sample(List<int[]> ranges) {
        IndexRanges.Builder builder = IndexRanges.builder();
        BitSet bits = new BitSet();
        for (int[] r : ranges) {
            builder.add(r[0], r[1]);
            bits.set(r[0], r[1]);
        }
        return new Sample(builder.build(), bits);
    }

    @Test
    void algebraMatchesTheBitSet() {
        Property.tries(1000).check(d -> new Two(sets(d), sets(d)), two -> algebraMatchesTheBitSet(two.a(), two.b()));
    }

    private static void algebraMatchesTheBitSet(Sample a, Sample b) {
        BitSet union = (BitSet) a.bits().clone();
        union.or(b.bits());
        BitSet intersection = (BitSet) a.bits().clone();
        intersection.and(b.bits());
        BitSet difference = (BitSet) a.bits().clone();
        difference.andNot(b.bits());
        BitSet complement = (BitSet) a.bits().clone();
        complement.flip(0, SIZE);

        assertSame(a.ranges().union(b.ranges()), union);
        assertSame(a.ranges().intersect(b.ranges()), intersection);
        assertSame(a.ranges().minus(b.ranges()), difference);
        assertSame(a.ranges().complement(SIZE), complement);
    }

    @Test
    void membershipCountRankAndNthMatchTheBitSet() {
        Property.tries(1000)
                .check(
                        d -> new WithIndex(sets(d), d.between(0, SIZE + 5)),
                        s -> membershipCountRankAndNthMatchTheBitSet(s.a(), s.index()));
    }

    private static void membershipCountRankAndNthMatchTheBitSet(Sample a, int index) {
        assertSame(a.ranges(), a.bits());
        assertThat(a.ranges().contains(index)).isEqualTo(a.bits().get(index));
        assertThat(a.ranges().rank(index)).isEqualTo(a.bits().get(0, index).cardinality());
        if (index < a.bits().cardinality()) {
            assertThat(a.ranges().nth(index))
                    .isEqualTo(a.bits().stream().skip(index).findFirst().orElseThrow());
        }
    }

    @Test
    void rangesAreNormalizedWhateverTheOrderOfAdding() {
        Property.tries(1000)
                .check(
                        IndexRangesPropertiesTest::sets,
                        IndexRangesPropertiesTest::rangesAreNormalizedWhateverTheOrderOfAdding);
    }

    private static void rangesAreNormalizedWhateverTheOrderOfAdding(Sample a) {
        IndexRanges.Builder reversed = IndexRanges.builder();
        for (int i = a.ranges().rangeCount() - 1; i >= 0; i--) {
            reversed.add(a.ranges().rangeStart(i), a.ranges().rangeEnd(i));
        }
        assertThat(reversed.build()).isEqualTo(a.ranges());
        assertThat(IndexRanges.ofIndexes(a.bits().stream().asLongStream().toArray()))
                .isEqualTo(a.ranges());
        for (int i = 0; i + 1 < a.ranges().rangeCount(); i++) {
            assertThat(a.ranges().rangeEnd(i)).isLessThan(a.ranges().rangeStart(i + 1));
        }
    }

    @Test
    void setLaws() {
        Property.tries(1000)
                .check(d -> new Three(sets(d), sets(d), sets(d)), three -> setLaws(three.a(), three.b(), three.c()));
    }

    private static void setLaws(Sample a, Sample b, Sample c) {
        IndexRanges x = a.ranges();
        IndexRanges y = b.ranges();
        IndexRanges z = c.ranges();
        assertThat(x.union(y)).isEqualTo(y.union(x));
        assertThat(x.intersect(y.union(z))).isEqualTo(x.intersect(y).union(x.intersect(z)));
        assertThat(x.union(y).complement(SIZE)).isEqualTo(x.complement(SIZE).intersect(y.complement(SIZE)));
        assertThat(x.minus(y)).isEqualTo(x.intersect(y.complement(SIZE)));
        assertThat(x.complement(SIZE).complement(SIZE)).isEqualTo(x);
        assertThat(x.union(y).count())
                .isEqualTo(x.count() + y.count() - x.intersect(y).count());
    }

    private static void assertSame(IndexRanges ranges, BitSet bits) {
        assertThat(ranges.count()).isEqualTo(bits.cardinality());
        assertThat(ranges.stream().toArray())
                .containsExactly(bits.stream().asLongStream().toArray());
        assertThat(ranges.isEmpty()).isEqualTo(bits.isEmpty());
    }
}
