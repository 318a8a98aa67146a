package io.sluice.lake;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.partitions.StaticPartitions;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class BusinessDatesTest {

    private static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");

    @Test
    void aDailyPartitionIsItsDayAndAMonthlyOneItsMonth() {
        assertThat(BusinessDates.ofPartition(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)), "2024-03-31", NOW))
                .contains(new BusinessDates(LocalDate.of(2024, 3, 31), LocalDate.of(2024, 4, 1)));
        assertThat(BusinessDates.ofPartition(TimeWindowPartitions.monthly(LocalDate.of(2024, 1, 1)), "2024-02-01", NOW))
                .contains(new BusinessDates(LocalDate.of(2024, 2, 1), LocalDate.of(2024, 3, 1)));
    }

    @Test
    void theSpringForwardDayInBerlinIsStillOneWholeDay() {
        TimeWindowPartitions berlin =
                TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)).withZone(ZoneId.of("Europe/Berlin"));
        assertThat(BusinessDates.ofPartition(berlin, "2024-03-31", NOW))
                .contains(new BusinessDates(LocalDate.of(2024, 3, 31), LocalDate.of(2024, 4, 1)));
    }

    @Test
    void hoursStaticKeysAndUnknownKeysHaveNoBusinessDates() {
        assertThat(BusinessDates.ofPartition(
                        TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0)), "2024-03-31-05:00", NOW))
                .isEmpty();
        assertThat(BusinessDates.ofPartition(StaticPartitions.of("eu", "us"), "eu", NOW))
                .isEmpty();
        assertThat(BusinessDates.ofPartition(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)), "2023-12-31", NOW))
                .isEmpty();
    }
}
