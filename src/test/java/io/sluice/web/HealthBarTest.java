package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.runs.PartitionState;
import io.sluice.runs.PartitionStatusView;
import io.sluice.testing.Draw;
import io.sluice.testing.Property;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HealthBarTest {

    /** Partition i is named "p" + i, so a segment's first and last name their indexes. */
    private static PartitionStatusView view(List<PartitionStatusView.Range> ranges) {
        Map<PartitionState, Long> counts = new EnumMap<>(PartitionState.class);
        long total = 0;
        for (var r : ranges) {
            counts.merge(r.status(), r.count(), Long::sum);
            total += r.count();
        }
        return new PartitionStatusView("g/n", total, counts, ranges);
    }

    private static PartitionStatusView.Range range(PartitionState s, long start, long count) {
        return new PartitionStatusView.Range(s, "p" + start, "p" + (start + count - 1), count);
    }

    private static long index(String key) {
        return Long.parseLong(key.substring(1));
    }

    @Test
    void fewRangesAreOneSegmentEachWithTheirWidthTitleAndLaunchLink() {
        HealthBar bar = HealthBar.of(
                view(List.of(
                        range(PartitionState.MATERIALIZED, 0, 75),
                        range(PartitionState.FAILED, 75, 5),
                        range(PartitionState.MISSING, 80, 20))),
                200);
        assertThat(bar.segments())
                .extracting(HealthBar.Segment::status)
                .containsExactly(PartitionState.MATERIALIZED, PartitionState.FAILED, PartitionState.MISSING);
        HealthBar.Segment failed = bar.segments().get(1);
        assertThat(failed.widthOf(bar.total())).isEqualTo("5.0000");
        assertThat(failed.mixed()).isFalse();
        assertThat(failed.style()).isEmpty();
        assertThat(failed.title()).isEqualTo("p75 … p79: 5 partitions, failed");
        assertThat(failed.href()).isEqualTo("/launch?asset=g/n&from=p75&to=p79");
    }

    @Test
    void moreRangesThanSegmentsAreBucketedAndShowTheirMix() {
        List<PartitionStatusView.Range> ranges = new ArrayList<>();
        for (int i = 0; i < 1000; i++) { // 1,000 ranges of 10: materialized and missing in turn, every 10th failed
            PartitionState s = i % 10 == 9
                    ? PartitionState.FAILED
                    : i % 2 == 0 ? PartitionState.MATERIALIZED : PartitionState.MISSING;
            ranges.add(range(s, i * 10L, 10));
        }
        HealthBar bar = HealthBar.of(view(ranges), 100);
        assertThat(bar.segments()).hasSizeLessThanOrEqualTo(100).hasSizeGreaterThan(90);
        HealthBar.Segment first = bar.segments().get(0);
        assertThat(first.mixed()).isTrue();
        assertThat(first.first()).isEqualTo("p0");
        assertThat(first.title()).startsWith("p0 … p" + (first.count() - 1) + ": " + first.count() + " partitions, ");
        assertThat(first.title()).contains("materialized").contains("missing");
        assertThat(first.style()).startsWith("background:linear-gradient(to top,var(--h-MATERIALIZED) 0.0%");
        assertThat(first.style()).endsWith(" 100.0%)");
        assertThat(bar.segments().stream().mapToLong(HealthBar.Segment::count).sum())
                .isEqualTo(10_000);
    }

    @Test
    void oneHundredThousandPartitionsInScatteredRangesStayWithinTheSegments() {
        List<PartitionStatusView.Range> ranges = new ArrayList<>();
        long at = 0;
        int i = 0;
        while (at < 100_000) {
            long n = Math.min(100_000 - at, 1 + (i * 7919L) % 37);
            ranges.add(range(i % 2 == 0 ? PartitionState.MATERIALIZED : PartitionState.MISSING, at, n));
            at += n;
            i++;
        }
        HealthBar bar = HealthBar.of(view(ranges), HealthBar.MAX_SEGMENTS);
        assertThat(ranges.size()).isGreaterThan(4000);
        assertThat(bar.segments()).hasSizeBetween(150, HealthBar.MAX_SEGMENTS);
    }

    @Test
    void summaryNamesOnlyTheStatusesThatOccur() {
        PartitionStatusView v = view(List.of(
                range(PartitionState.MATERIALIZED, 0, 50_920),
                range(PartitionState.FAILED, 50_920, 12),
                range(PartitionState.MISSING, 50_932, 49_068)));
        assertThat(HealthBar.summary(v)).isEqualTo("50,920 / 100,000 materialized, 12 failed");
    }

    @Test
    void fewerThanTwoSegmentsIsRefused() {
        assertThatThrownBy(() -> HealthBar.of(view(List.of(range(PartitionState.MISSING, 0, 3))), 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 2");
    }

    record Sample(List<PartitionStatusView.Range> ranges, int maxSegments) {}

    private static Sample sample(Draw d) {
        List<PartitionStatusView.Range> ranges = new ArrayList<>();
        int n = d.between(0, (int) Math.max(1, 3000 * d.size()));
        long at = 0;
        PartitionState previous = null;
        for (int i = 0; i < n; i++) {
            // consecutive ranges differ in status, as PartitionStatuses builds them
            PartitionState[] all = PartitionState.values();
            PartitionState s = previous == null
                    ? d.of(all)
                    : all[(previous.ordinal() + 1 + d.between(0, all.length - 2)) % all.length];
            long count = d.between(1L, d.bool() ? 3L : 5000L);
            ranges.add(range(s, at, count));
            at += count;
            previous = s;
        }
        return new Sample(ranges, d.between(2, 400));
    }

    @Test
    void segmentsCoverTheWholeRangeInOrderAndTheirCountsAddUp() {
        Property.tries(500).check(HealthBarTest::sample, s -> {
            PartitionStatusView v = view(s.ranges());
            HealthBar bar = HealthBar.of(v, s.maxSegments());
            assertThat(bar.segments()).hasSizeLessThanOrEqualTo(s.maxSegments());
            long next = 0;
            Map<PartitionState, Long> mix = new EnumMap<>(PartitionState.class);
            for (HealthBar.Segment seg : bar.segments()) {
                assertThat(index(seg.first())).isEqualTo(next);
                assertThat(index(seg.last())).isEqualTo(next + seg.count() - 1);
                assertThat(seg.mix().values().stream()
                                .mapToLong(Long::longValue)
                                .sum())
                        .isEqualTo(seg.count());
                seg.mix().forEach((k, c) -> mix.merge(k, c, Long::sum));
                next += seg.count();
            }
            assertThat(next).isEqualTo(v.total());
            assertThat(mix).isEqualTo(v.counts());
            if (s.ranges().size() <= s.maxSegments()) {
                assertThat(bar.segments()).hasSameSizeAs(s.ranges());
            }
        });
    }
}
