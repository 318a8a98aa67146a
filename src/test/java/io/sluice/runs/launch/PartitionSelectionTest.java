package io.sluice.runs.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.runs.RequestRejected;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PartitionSelectionTest {

    private static final PartitionSpace DAYS =
            TimeWindowPartitions.daily(LocalDate.of(2001, 1, 1)).at(Instant.parse("2030-01-01T12:00:00Z"));

    private static PartitionSelection.Part range(int i, String start, String end) {
        return PartitionSelection.Part.range(start, end, PartitionSelection.Where.range(i, start, end));
    }

    private static PartitionSelection.Part key(int i, String key) {
        return PartitionSelection.Part.key(key, PartitionSelection.Where.key(i, key));
    }

    @Test
    void rangesAndKeysSelectTheirPartitionsInTheDefinitionsOrder() {
        var subset = PartitionSelection.of(
                List.of(range(0, "2001-01-30", "2001-02-02"), key(0, "2024-12-31"), key(1, "2010-05-05")), DAYS);
        assertThat(subset.keys())
                .containsExactly("2001-01-30", "2001-01-31", "2001-02-01", "2001-02-02", "2010-05-05", "2024-12-31");
        assertThat(PartitionSelection.of(List.of(range(0, "2001-01-01", "2024-12-31")), DAYS)
                        .count())
                .isEqualTo(8766);
    }

    @Test
    void aRefusalNamesThePlaceAndTheRangeAsGiven() {
        refused(
                List.of(range(0, "2024-12-31", "2024-01-01")),
                "ranges[0].end",
                "ranges[0] (2024-12-31...2024-01-01) goes backwards");
        refused(List.of(range(0, "2000-01-01", "2000-01-05")), "ranges[0].start", "ranges[0].start: ");
        refused(List.of(range(0, "2001-01-01", null)), "ranges[0]", "needs start and end");
        refused(
                List.of(range(0, "2024-01-01", "2024-01-31"), range(1, "2024-01-15", "2024-02-10")),
                "ranges[1]",
                "ranges[1] (2024-01-15...2024-02-10) selects 2024-01-15...2024-01-31 (17 partitions), which "
                        + "ranges[0] (2024-01-01...2024-01-31) selects already");
        refused(
                List.of(range(0, "2024-01-15", "2024-02-10"), range(1, "2024-01-01", "2024-01-31")),
                "ranges[1]",
                "ranges[1] (2024-01-01...2024-01-31) selects 2024-01-15...2024-01-31 (17 partitions), which "
                        + "ranges[0] (2024-01-15...2024-02-10) selects already");
        refused(
                List.of(range(0, "2024-01-01", "2024-01-31"), key(0, "2024-01-05")),
                "partitions[0]",
                "partitions[0] '2024-01-05' is selected already by ranges[0] (2024-01-01...2024-01-31)");
    }

    @Test
    void overlapsAmongThousandsOfRangesAreFoundByTheLaterPartWithoutComparingEveryPair() {
        // 9,470 one-day ranges in a shuffled order, and one more that repeats a day in the middle
        List<PartitionSelection.Part> parts = new ArrayList<>();
        List<Integer> days = new ArrayList<>();
        for (int d = 0; d < 9_470; d++) {
            days.add(d);
        }
        java.util.Collections.shuffle(days, new Random(7));
        for (int d : days) {
            String day = DAYS.keyAt(d);
            parts.add(range(parts.size(), day, day));
        }
        assertThat(PartitionSelection.of(parts, DAYS).count()).isEqualTo(9_470);
        String again = DAYS.keyAt(4_000);
        parts.add(range(parts.size(), again, DAYS.keyAt(4_001)));
        refused(parts, "ranges[9470]", "ranges[9470] (" + again + "..." + DAYS.keyAt(4_001) + ") selects " + again);
    }

    private static void refused(List<PartitionSelection.Part> parts, String field, String message) {
        assertThatThrownBy(() -> PartitionSelection.of(parts, DAYS))
                .isInstanceOfSatisfying(
                        RequestRejected.Invalid.class,
                        e -> assertThat(e.field()).isEqualTo(field))
                .hasMessageContaining(message);
    }
}
