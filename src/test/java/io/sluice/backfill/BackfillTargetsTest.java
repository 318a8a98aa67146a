package io.sluice.backfill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.runs.RequestRejected;
import io.sluice.testing.Draw;
import io.sluice.testing.Property;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A backfill's ranges select partitions by the rule every launch follows ({@code PartitionSelection}): checked against
 * the brute force (every range against every other), and on 9,470 one-day ranges (issue 27, item 28).
 */
class BackfillTargetsTest {

    private static final PartitionSpace DAYS =
            TimeWindowPartitions.daily(LocalDate.of(1990, 1, 1)).at(Instant.parse("2026-01-01T00:00:00Z"));

    private static final Pattern RANGE = Pattern.compile("ranges\\[(\\d+)]");

    /** Ranges of up to 40 days among the first {@code size} days, as a request gives them. */
    private static List<BackfillRequest.Range> ranges(Draw d) {
        int size = d.between(1, 400);
        return d.listOf(1, 60, () -> {
            int start = d.between(0, size - 1);
            int end = Math.min(size - 1, start + d.between(0, d.bool() ? 2 : 39));
            return new BackfillRequest.Range(DAYS.keyAt(start), DAYS.keyAt(end));
        });
    }

    private static long index(String key) {
        return DAYS.indexOf(key).orElseThrow();
    }

    private static boolean meet(BackfillRequest.Range a, BackfillRequest.Range b) {
        return index(a.start()) <= index(b.end()) && index(b.start()) <= index(a.end());
    }

    @Test
    void refusesExactlyTheRangesTheBruteForceFindsOverlappingAndNamesAnOverlappingPair() {
        int[] overlapping = {0};
        Property.tries(2000).check(BackfillTargetsTest::ranges, ranges -> {
            Set<Integer> inAnOverlap = new HashSet<>();
            Set<Long> days = new HashSet<>();
            for (int i = 0; i < ranges.size(); i++) {
                for (int j = 0; j < ranges.size(); j++) {
                    if (i != j && meet(ranges.get(i), ranges.get(j))) {
                        inAnOverlap.add(i);
                    }
                }
                for (long day = index(ranges.get(i).start());
                        day <= index(ranges.get(i).end());
                        day++) {
                    days.add(day);
                }
            }
            if (inAnOverlap.isEmpty()) {
                assertThat(BackfillTargets.of(request(ranges), List.of(), DAYS, a -> Map.of())
                                .count())
                        .isEqualTo(days.size());
            } else {
                overlapping[0]++;
                assertThatThrownBy(() -> BackfillTargets.of(request(ranges), List.of(), DAYS, a -> Map.of()))
                        .isInstanceOfSatisfying(RequestRejected.Invalid.class, e -> {
                            int later = Integer.parseInt(e.field().replaceAll("\\D", ""));
                            assertThat(inAnOverlap).contains(later);
                            // the message names the later range first, then an earlier one it meets
                            Matcher named = RANGE.matcher(e.getMessage());
                            assertThat(named.find()).isTrue();
                            assertThat(Integer.parseInt(named.group(1))).isEqualTo(later);
                            assertThat(named.find()).as(e.getMessage()).isTrue();
                            int earlier = Integer.parseInt(named.group(1));
                            assertThat(earlier).isLessThan(later);
                            assertThat(meet(ranges.get(earlier), ranges.get(later)))
                                    .as(e.getMessage())
                                    .isTrue();
                            assertThat(e.getMessage()).endsWith("; select each partition once");
                        });
            }
        });
        if (!Property.replaysOneTry()) {
            assertThat(overlapping[0]).as("samples with an overlap").isBetween(200, 1900);
        }
    }

    @Test
    void aBackfillNamesTheRangeThatSelectsAPartitionTwiceAndTheOneBeforeIt() {
        List<BackfillRequest.Range> ranges = new ArrayList<>();
        LocalDate day = LocalDate.of(1995, 1, 1);
        for (int i = 0; i < 9_470; i++) {
            ranges.add(new BackfillRequest.Range(
                    day.plusDays(i).toString(), day.plusDays(i).toString()));
        }
        assertThat(BackfillTargets.of(request(ranges), List.of(), DAYS, a -> Map.of())
                        .count())
                .isEqualTo(9_470);
        ranges.add(new BackfillRequest.Range("1995-01-03", "1995-01-04"));
        assertThatThrownBy(() -> BackfillTargets.of(request(ranges), List.of(), DAYS, a -> Map.of()))
                .isInstanceOfSatisfying(
                        RequestRejected.Invalid.class,
                        e -> assertThat(e.field()).isEqualTo("ranges[9470]"))
                .hasMessage("ranges[9470] (1995-01-03...1995-01-04) selects 1995-01-03, which ranges[2]"
                        + " (1995-01-03...1995-01-03) selects already; select each partition once");
    }

    @Test
    void aPartitionInsideARangeAndAMissingEndAreRefusedAtTheirPlace() {
        BackfillRequest keyInRange = new BackfillRequest(
                List.of("test/daily"),
                List.of(new BackfillRequest.Range("2024-02-01", "2024-02-10")),
                List.of("2024-03-01", "2024-02-05"),
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
        assertThatThrownBy(() -> BackfillTargets.of(keyInRange, List.of(), DAYS, a -> Map.of()))
                .isInstanceOfSatisfying(
                        RequestRejected.Invalid.class,
                        e -> assertThat(e.field()).isEqualTo("partitions[1]"))
                .hasMessageContaining("partitions[1] '2024-02-05' is selected already by ranges[0]");
        List<BackfillRequest.Range> missingEnd = new ArrayList<>();
        missingEnd.add(new BackfillRequest.Range("2024-02-01", null));
        assertThatThrownBy(() -> BackfillTargets.of(request(missingEnd), List.of(), DAYS, a -> Map.of()))
                .isInstanceOfSatisfying(
                        RequestRejected.Invalid.class,
                        e -> assertThat(e.field()).isEqualTo("ranges[0]"))
                .hasMessageContaining("needs start and end");
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
