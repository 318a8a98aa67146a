package io.sluice.backfill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.partitions.IndexRanges;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.runs.RequestRejected;
import io.sluice.testing.Draw;
import io.sluice.testing.Property;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The overlap check of a backfill's ranges against the brute force it replaces: every earlier range, in order. */
class RangeOverlapsTest {

    /** The check as it was: each set against every earlier one, in order; the first pair that shares an index. */
    static Optional<RangeOverlaps.Overlap> bruteForce(List<IndexRanges> sets) {
        for (int later = 0; later < sets.size(); later++) {
            for (int earlier = 0; earlier < later; earlier++) {
                if (!sets.get(earlier).intersect(sets.get(later)).isEmpty()) {
                    return Optional.of(new RangeOverlaps.Overlap(earlier, later));
                }
            }
        }
        return Optional.empty();
    }

    /** Ranges as a request gives them (one interval each), or sets of a few intervals, over 0..size. */
    private static List<IndexRanges> sets(Draw d) {
        int size = d.between(1, 400);
        boolean intervals = d.bool();
        return d.listOf(0, 60, () -> {
            IndexRanges.Builder b = IndexRanges.builder();
            for (int i = intervals ? 1 : d.between(1, 3); i > 0; i--) {
                long start = d.between(0, size - 1);
                b.add(start, Math.min(size, start + d.between(1, d.bool() ? 3 : 40)));
            }
            return b.build();
        });
    }

    @Test
    void findsTheSameFirstOverlapAsTheBruteForce() {
        int[] overlapping = {0};
        Property.tries(2000).check(RangeOverlapsTest::sets, sets -> {
            Optional<RangeOverlaps.Overlap> expected = bruteForce(sets);
            assertThat(RangeOverlaps.first(sets)).isEqualTo(expected);
            expected.ifPresent(o -> overlapping[0]++);
        });
        if (!Property.replaysOneTry()) {
            assertThat(overlapping[0]).as("samples with an overlap").isBetween(200, 1900);
        }
    }

    @Test
    void disjointNeighboursDoNotOverlapAndTheEarliestEarlierRangeIsNamed() {
        assertThat(RangeOverlaps.first(List.of(IndexRanges.of(0, 5), IndexRanges.of(5, 10), IndexRanges.of(10, 11))))
                .isEmpty();
        // the third range meets both: the first of them is named, as the brute force names it
        assertThat(RangeOverlaps.first(List.of(IndexRanges.of(20, 30), IndexRanges.of(0, 10), IndexRanges.of(5, 25))))
                .contains(new RangeOverlaps.Overlap(0, 2));
    }

    @Test
    void aBackfillNamesTheRangeThatSelectsAPartitionTwiceAndTheOneBeforeIt() {
        PartitionSpace space =
                TimeWindowPartitions.daily(LocalDate.of(1990, 1, 1)).at(Instant.parse("2026-01-01T00:00:00Z"));
        List<BackfillRequest.Range> ranges = new ArrayList<>();
        LocalDate day = LocalDate.of(1995, 1, 1);
        for (int i = 0; i < 9_470; i++) {
            ranges.add(new BackfillRequest.Range(
                    day.plusDays(i).toString(), day.plusDays(i).toString()));
        }
        assertThat(BackfillTargets.of(request(ranges), List.of(), space, a -> Map.of())
                        .count())
                .isEqualTo(9_470);
        ranges.add(new BackfillRequest.Range("1995-01-03", "1995-01-04"));
        assertThatThrownBy(() -> BackfillTargets.of(request(ranges), List.of(), space, a -> Map.of()))
                .isInstanceOf(RequestRejected.class)
                .hasMessage(
                        "ranges[9470] selects 1995-01-03, which ranges[2] selects already; select each partition once");
    }

    static BackfillRequest request(List<BackfillRequest.Range> ranges) {
        return new BackfillRequest(
                List.of("test/daily"),
                ranges,
                List.of(),
                false,
                null,
                List.of(),
                Map.of(),
                null,
                1,
                false,
                null,
                0,
                true,
                "tester");
    }
}
