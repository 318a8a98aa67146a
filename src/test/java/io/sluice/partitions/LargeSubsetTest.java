package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/**
 * Daily partitions from 2001-01-01 to 2300 (over 100,000) stay ranges: algebra, counts and mappings are checked
 * on results only; speed is for the benchmarks.
 */
class LargeSubsetTest {

    private static final LocalDate FIRST = LocalDate.of(2001, 1, 1);
    private static final Instant NOW = Instant.parse("2300-01-01T00:00:00Z");
    private static final TimeWindowSpace DAYS =
            TimeWindowPartitions.daily(FIRST).at(NOW);

    private static long day(LocalDate date) {
        return DAYS.indexOf(date.toString()).orElseThrow();
    }

    @Test
    void moreThanAHundredThousandDailyPartitionsByArithmetic() {
        long days = ChronoUnit.DAYS.between(FIRST, LocalDate.of(2300, 1, 1));
        assertThat(DAYS.size()).isEqualTo(days).isGreaterThan(100_000);
        assertThat(DAYS.keyAt(DAYS.size() - 1)).isEqualTo("2299-12-31");
        assertThat(DAYS.indexOf("2150-06-15")).hasValue(ChronoUnit.DAYS.between(FIRST, LocalDate.of(2150, 6, 15)));
        assertThat(DAYS.all().ranges().rangeCount()).isEqualTo(1);
        assertThat(DAYS.keys()).hasSize((int) days).element(36_524).isEqualTo("2101-01-01");
    }

    @Test
    void statusAlgebraOnRanges() {
        IndexRanges.Builder everyOtherWeek = IndexRanges.builder();
        for (long start = 0; start < DAYS.size(); start += 14) {
            everyOtherWeek.add(start, Math.min(DAYS.size(), start + 7));
        }
        PartitionSubset materialized = DAYS.subset(everyOtherWeek.build());
        PartitionSubset failed =
                DAYS.subset(IndexRanges.of(day(LocalDate.of(2100, 1, 1)), day(LocalDate.of(2110, 1, 1))));
        PartitionSubset missing = materialized.union(failed).complement();

        long weeks = (DAYS.size() + 13) / 14;
        long lastWeek = Math.min(7, DAYS.size() - (weeks - 1) * 14);
        assertThat(materialized.count()).isEqualTo((weeks - 1) * 7 + lastWeek);
        assertThat(materialized.ranges().rangeCount()).isEqualTo((int) weeks);
        assertThat(materialized.union(failed).count() + missing.count()).isEqualTo(DAYS.size());
        assertThat(materialized.intersect(failed).count())
                .isEqualTo(failed.count() - failed.minus(materialized).count());
        assertThat(missing.intersect(materialized).isEmpty()).isTrue();
        assertThat(missing.contains("2105-05-05")).isFalse();
        assertThat(materialized.contains("2001-01-07")).isTrue();
        assertThat(materialized.contains("2001-01-08")).isFalse();
        assertThat(missing.keyRanges().get(0)).isEqualTo(new PartitionKeyRange("2001-01-08", "2001-01-14"));
        assertThat(failed.keyRanges()).containsExactly(new PartitionKeyRange("2100-01-01", "2109-12-31"));
        assertThat(missing.keys().get(0)).isEqualTo("2001-01-08");
        assertThat(DAYS.subset(materialized.keys().subList(0, 1_000)).count()).isEqualTo(1_000);
    }

    @Test
    void mappingAHundredThousandDaysToHoursCountsEveryChangeover() {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        TimeWindowSpace days =
                TimeWindowPartitions.daily(FIRST).withZone(berlin).at(NOW);
        TimeWindowSpace hours = TimeWindowPartitions.hourly(FIRST.atStartOfDay())
                .withZone(berlin)
                .at(NOW);
        MappedPartitions read = PartitionMapping.timeWindow(0, 0).upstreamOf(days.all(), hours);
        long hoursInAllDays = Duration.between(
                        days.window(0).start(), days.window(days.size() - 1).end())
                .toHours();
        assertThat(read.partitions().count()).isEqualTo(hoursInAllDays);
        assertThat(read.partitions().ranges().rangeCount()).isEqualTo(1);
        assertThat(read.incomplete().isEmpty()).isTrue();
        assertThat(PartitionMapping.timeWindow(0, 0)
                        .downstreamOf(read.partitions(), days)
                        .partitions())
                .isEqualTo(days.all());

        MappedPartitions laterHours = PartitionMapping.timeWindow(0, 0)
                .upstreamOf(
                        days.all(),
                        TimeWindowPartitions.hourly(LocalDateTime.of(2200, 1, 1, 0, 0))
                                .withZone(berlin)
                                .at(NOW));
        assertThat(laterHours.incomplete().count()).isEqualTo(ChronoUnit.DAYS.between(FIRST, LocalDate.of(2200, 1, 1)));
    }
}
