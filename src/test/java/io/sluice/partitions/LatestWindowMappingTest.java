package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.Property;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatestWindowMappingTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final Instant NOW = Instant.parse("2024-12-01T00:00:00Z");
    private static final TimeWindowPartitions DAILY =
            TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)).withZone(BERLIN);
    private static final TimeWindowPartitions HOURLY =
            TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0)).withZone(BERLIN);
    private static final LatestWindowMapping LATEST = PartitionMapping.latestWindow();

    @Test
    void aDayReadsItsLastHourOnAnyDay() {
        TimeWindowSpace days = DAILY.at(NOW);
        TimeWindowSpace hours = HOURLY.at(NOW);
        for (String day : List.of("2024-07-04", "2024-03-31", "2024-10-27")) {
            assertThat(LATEST.upstreamOf(days.subset(List.of(day)), hours)
                            .partitions()
                            .keys())
                    .containsExactly(day + "-23:00");
        }
        assertThat(LATEST.downstreamOf(hours.subset(List.of("2024-07-04-23:00")), days)
                        .partitions()
                        .keys())
                .containsExactly("2024-07-04");
        assertThat(LATEST.downstreamOf(hours.subset(List.of("2024-07-04-10:00")), days)
                        .partitions()
                        .isEmpty())
                .isTrue();
    }

    @Test
    void duringTheDayItReadsTheNewestHourThatExists() {
        Instant noon = Instant.parse("2024-07-04T10:30:00Z"); // 12:30 CEST
        TimeWindowSpace today = DAILY.withEndOffset(1).at(noon);
        TimeWindowSpace ended = HOURLY.at(noon);
        assertThat(LATEST.upstreamOf(today.subset(List.of("2024-07-04")), ended)
                        .partitions()
                        .keys())
                .containsExactly("2024-07-04-11:00");
        TimeWindowSpace started = HOURLY.withEndOffset(1).at(noon);
        assertThat(LATEST.upstreamOf(today.subset(List.of("2024-07-04")), started)
                        .partitions()
                        .keys())
                .containsExactly("2024-07-04-12:00");
        // the newest hour is picked by today's window; once the day has ended it would not be
        assertThat(LATEST.downstreamOf(ended.subset(List.of("2024-07-04-11:00")), today)
                        .partitions()
                        .keys())
                .containsExactly("2024-07-04");
    }

    @Test
    void withoutAnExistingOverlappingWindowTheDownstreamIsIncomplete() {
        TimeWindowSpace days = DAILY.at(NOW);
        TimeWindowSpace lateHours = TimeWindowPartitions.hourly(LocalDateTime.of(2024, 6, 1, 0, 0))
                .withZone(BERLIN)
                .at(NOW);
        MappedPartitions before = LATEST.upstreamOf(days.subset(List.of("2024-05-31", "2024-06-01")), lateHours);
        assertThat(before.incomplete().keys()).containsExactly("2024-05-31");
        assertThat(before.partitions().keys()).containsExactly("2024-06-01-23:00");
        // the last hour of a day that has not ended is wanted by a downstream day that does not exist yet
        Instant evening = Instant.parse("2024-07-04T21:59:00Z");
        MappedPartitions pending = LATEST.downstreamOf(
                HOURLY.at(Instant.parse("2024-07-04T22:00:00Z")).subset(List.of("2024-07-04-23:00")),
                DAILY.at(evening));
        assertThat(pending.partitions().isEmpty()).isTrue();
        assertThat(pending.incomplete().keys()).containsExactly("2024-07-04-23:00");
    }

    /** downstreamOf is the exact inverse of upstreamOf on every pair of schedules and snapshots drawn. */
    @Test
    void downstreamOfInvertsUpstreamOf() {
        List<TimeWindowPartitions> definitions = List.of(
                DAILY,
                HOURLY,
                HOURLY.withEndOffset(1),
                DAILY.withEndOffset(1),
                TimeWindowPartitions.weekly(LocalDate.of(2024, 1, 1)).withZone(BERLIN),
                TimeWindowPartitions.cron("0 */6 * * *", LocalDateTime.of(2024, 1, 1, 0, 0))
                        .withZone(ZoneId.of("America/New_York")));
        Property.tries(200)
                .check(
                        d -> {
                            Instant now = Instant.parse("2024-01-03T00:00:00Z")
                                    .plus(Duration.ofMinutes(d.between(0, 330 * 24 * 60)));
                            TimeWindowSpace down = d.of(definitions).at(now);
                            TimeWindowSpace up =
                                    d.of(definitions).at(now.plus(Duration.ofMinutes(d.between(-600, 600))));
                            long size = up.size();
                            IndexRanges.Builder picked = IndexRanges.builder();
                            for (int i = 0; i < 3 && size > 0; i++) {
                                long start = d.between(Math.max(0, size - 400), size - 1);
                                picked.add(start, Math.min(size, start + d.between(1, 60)));
                            }
                            return new Object[] {down, up, up.subset(picked.build())};
                        },
                        c -> {
                            TimeWindowSpace down = (TimeWindowSpace) c[0];
                            TimeWindowSpace up = (TimeWindowSpace) c[1];
                            PartitionSubset chosen = (PartitionSubset) c[2];
                            PartitionSubset mapped =
                                    LATEST.downstreamOf(chosen, down).partitions();
                            for (long w = Math.max(0, down.size() - 600); w < down.size(); w++) {
                                PartitionSubset reads = LATEST.upstreamOf(down.subset(IndexRanges.of(w, w + 1)), up)
                                        .partitions();
                                assertThat(reads.count()).isLessThanOrEqualTo(1);
                                assertThat(mapped.containsIndex(w))
                                        .as("downstream %s", down.keyAt(w))
                                        .isEqualTo(!reads.isEmpty()
                                                && chosen.containsIndex(
                                                        reads.ranges().first()));
                            }
                        });
    }
}
