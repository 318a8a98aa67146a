package io.sluice.freshness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.FreshnessPolicy;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.testing.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FreshnessEvaluatorTest {

    private static final ZoneId UTC = ZoneId.of("UTC");
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final Duration WEEK = Duration.ofDays(7);

    private final SettableClock clock = new SettableClock();

    @Test
    void maxAgeGoesFreshWarningStaleAndFreshAgainWithSinceFromTheThresholds() {
        FreshnessPolicy.MaxAge policy = FreshnessPolicy.maxAge(Duration.ofHours(1), Duration.ofHours(3));
        Instant t = Instant.parse("2024-05-01T10:00:00Z");
        clock.set(t.plus(Duration.ofMinutes(59)));
        assertThat(FreshnessEvaluator.maxAge(policy, Optional.of(t), clock.instant()))
                .extracting(Freshness::state, Freshness::since)
                .containsExactly(FreshnessState.FRESH, t);
        clock.advance(Duration.ofMinutes(1));
        assertThat(FreshnessEvaluator.maxAge(policy, Optional.of(t), clock.instant()))
                .extracting(Freshness::state, Freshness::since)
                .containsExactly(FreshnessState.WARNING, t.plus(Duration.ofHours(1)));
        clock.advance(Duration.ofMinutes(119));
        assertThat(FreshnessEvaluator.maxAge(policy, Optional.of(t), clock.instant())
                        .state())
                .isEqualTo(FreshnessState.WARNING);
        clock.advance(Duration.ofMinutes(1));
        Freshness stale = FreshnessEvaluator.maxAge(policy, Optional.of(t), clock.instant());
        assertThat(stale.state()).isEqualTo(FreshnessState.STALE);
        assertThat(stale.since()).isEqualTo(t.plus(Duration.ofHours(3)));
        clock.advance(Duration.ofHours(5)); // evaluated later: still stale since the threshold, not since now
        assertThat(FreshnessEvaluator.maxAge(policy, Optional.of(t), clock.instant())
                        .since())
                .isEqualTo(t.plus(Duration.ofHours(3)));
        Instant again = clock.instant().minusSeconds(1);
        assertThat(FreshnessEvaluator.maxAge(policy, Optional.of(again), clock.instant()))
                .extracting(Freshness::state, Freshness::since)
                .containsExactly(FreshnessState.FRESH, again);
    }

    @Test
    void maxAgeOfAnAssetNeverMaterializedIsStale() {
        Freshness f = FreshnessEvaluator.maxAge(
                FreshnessPolicy.maxAge(Duration.ofHours(1), Duration.ofHours(1)), Optional.empty(), clock.instant());
        assertThat(f.state()).isEqualTo(FreshnessState.STALE);
        assertThat(f.detail()).contains("never materialized");
    }

    @Test
    void aDailyPartitionInUtcWarnsThenIsLateAtItsDeadlineThenFreshWhenMaterialized() {
        LocalDate day = LocalDate.of(2024, 5, 1);
        FreshnessPolicy.PartitionDeadline policy = deadline(LocalTime.of(6, 0), UTC, 1);
        Map<String, Instant> materialized = new HashMap<>();
        clock.set(Instant.parse("2024-05-02T03:59:59Z"));
        assertThat(one(policy, day, UTC, materialized).state()).isEqualTo(FreshnessState.FRESH);
        clock.set(Instant.parse("2024-05-02T04:00:00Z"));
        Freshness warning = one(policy, day, UTC, materialized);
        assertThat(warning.state()).isEqualTo(FreshnessState.WARNING);
        assertThat(warning.since()).isEqualTo(Instant.parse("2024-05-02T04:00:00Z"));
        clock.set(Instant.parse("2024-05-02T06:00:00Z"));
        Freshness late = one(policy, day, UTC, materialized);
        assertThat(late.state()).isEqualTo(FreshnessState.STALE);
        assertThat(late.since()).isEqualTo(Instant.parse("2024-05-02T06:00:00Z"));
        assertThat(late.latePartitions()).containsExactly("2024-05-01");
        assertThat(late.oldestLate()).contains("2024-05-01");
        assertThat(late.detail()).contains("2024-05-01").contains("2024-05-02 06:00 UTC");
        clock.advance(Duration.ofHours(2));
        Instant landed = clock.instant();
        materialized.put("2024-05-01", landed);
        Freshness fresh = one(policy, day, UTC, materialized);
        assertThat(fresh.state()).isEqualTo(FreshnessState.FRESH);
        assertThat(fresh.since()).isEqualTo(landed);
    }

    @Test
    void newYorkDeadlinesFollowTheOffsetOfTheDeadlineDayAcrossBothChanges() {
        // lag 0: the day of the deadline is the partition's day
        FreshnessPolicy.PartitionDeadline sameDay = deadline(LocalTime.of(6, 0), NEW_YORK, 0);
        assertThat(FreshnessEvaluator.deadline(sameDay, LocalDate.of(2024, 3, 9)))
                .isEqualTo(Instant.parse("2024-03-09T11:00:00Z")); // EST, -05:00
        assertThat(FreshnessEvaluator.deadline(sameDay, LocalDate.of(2024, 3, 10)))
                .isEqualTo(Instant.parse("2024-03-10T10:00:00Z")); // EDT, -04:00
        assertThat(FreshnessEvaluator.deadline(sameDay, LocalDate.of(2024, 11, 3)))
                .isEqualTo(Instant.parse("2024-11-03T11:00:00Z")); // back to EST
        // lag 1: the deadline's offset is that of the next day
        FreshnessPolicy.PartitionDeadline nextDay = deadline(LocalTime.of(6, 0), NEW_YORK, 1);
        assertThat(FreshnessEvaluator.deadline(nextDay, LocalDate.of(2024, 3, 9)))
                .isEqualTo(Instant.parse("2024-03-10T10:00:00Z"));
        assertThat(FreshnessEvaluator.deadline(nextDay, LocalDate.of(2024, 11, 2)))
                .isEqualTo(Instant.parse("2024-11-03T11:00:00Z"));
        assertThat(FreshnessEvaluator.deadline(nextDay, LocalDate.of(2024, 11, 1)))
                .isEqualTo(Instant.parse("2024-11-02T10:00:00Z"));

        LocalDate spring = LocalDate.of(2024, 3, 10);
        clock.set(Instant.parse("2024-03-10T09:59:59Z"));
        assertThat(one(sameDay, spring, NEW_YORK, Map.of()).state()).isEqualTo(FreshnessState.WARNING);
        clock.advance(Duration.ofSeconds(1));
        assertThat(one(sameDay, spring, NEW_YORK, Map.of()))
                .extracting(Freshness::state, Freshness::since)
                .containsExactly(FreshnessState.STALE, Instant.parse("2024-03-10T10:00:00Z"));

        LocalDate fall = LocalDate.of(2024, 11, 2);
        clock.set(Instant.parse("2024-11-03T10:59:59Z")); // 05:59:59 EST: an hour later than the day before's 06:00 EDT
        assertThat(one(nextDay, fall, NEW_YORK, Map.of()).state()).isEqualTo(FreshnessState.WARNING);
        clock.advance(Duration.ofSeconds(1));
        assertThat(one(nextDay, fall, NEW_YORK, Map.of()))
                .extracting(Freshness::state, Freshness::since)
                .containsExactly(FreshnessState.STALE, Instant.parse("2024-11-03T11:00:00Z"));
    }

    @Test
    void berlinDeadlinesFollowTheOffsetOfTheDeadlineDayAcrossBothChanges() {
        FreshnessPolicy.PartitionDeadline sameDay = deadline(LocalTime.of(6, 0), BERLIN, 0);
        assertThat(FreshnessEvaluator.deadline(sameDay, LocalDate.of(2024, 3, 30)))
                .isEqualTo(Instant.parse("2024-03-30T05:00:00Z")); // CET, +01:00
        assertThat(FreshnessEvaluator.deadline(sameDay, LocalDate.of(2024, 3, 31)))
                .isEqualTo(Instant.parse("2024-03-31T04:00:00Z")); // CEST, +02:00
        assertThat(FreshnessEvaluator.deadline(sameDay, LocalDate.of(2024, 10, 27)))
                .isEqualTo(Instant.parse("2024-10-27T05:00:00Z")); // back to CET
        FreshnessPolicy.PartitionDeadline nextDay = deadline(LocalTime.of(6, 0), BERLIN, 1);
        assertThat(FreshnessEvaluator.deadline(nextDay, LocalDate.of(2024, 3, 30)))
                .isEqualTo(Instant.parse("2024-03-31T04:00:00Z"));
        assertThat(FreshnessEvaluator.deadline(nextDay, LocalDate.of(2024, 10, 26)))
                .isEqualTo(Instant.parse("2024-10-27T05:00:00Z"));

        LocalDate fall = LocalDate.of(2024, 10, 26);
        clock.set(Instant.parse("2024-10-27T04:59:59Z"));
        assertThat(one(nextDay, fall, BERLIN, Map.of()).state()).isEqualTo(FreshnessState.WARNING);
        clock.advance(Duration.ofSeconds(1));
        Freshness late = one(nextDay, fall, BERLIN, Map.of());
        assertThat(late)
                .extracting(Freshness::state, Freshness::since)
                .containsExactly(FreshnessState.STALE, Instant.parse("2024-10-27T05:00:00Z"));
        assertThat(late.detail()).contains("2024-10-27 06:00 Europe/Berlin");
    }

    @Test
    void aDeadlineInTheSpringForwardGapIsMovedLaterByTheGapAsZonedDateTimeDoes() {
        LocalTime halfPastTwo = LocalTime.of(2, 30);
        FreshnessPolicy.PartitionDeadline newYork = deadline(halfPastTwo, NEW_YORK, 0);
        // 02:30 does not exist on 2024-03-10 in New York: 03:30 EDT
        assertThat(FreshnessEvaluator.deadline(newYork, LocalDate.of(2024, 3, 10)))
                .isEqualTo(Instant.parse("2024-03-10T07:30:00Z"));
        FreshnessPolicy.PartitionDeadline berlin = deadline(halfPastTwo, BERLIN, 1);
        // nor on 2024-03-31 in Berlin: 03:30 CEST; the day before's 02:30 CET is an hour later in UTC
        assertThat(FreshnessEvaluator.deadline(berlin, LocalDate.of(2024, 3, 30)))
                .isEqualTo(Instant.parse("2024-03-31T01:30:00Z"));
        assertThat(FreshnessEvaluator.deadline(berlin, LocalDate.of(2024, 3, 29)))
                .isEqualTo(Instant.parse("2024-03-30T01:30:00Z"));
        // 02:30 occurs twice on 2024-10-27 in Berlin: the earlier, at +02:00
        assertThat(FreshnessEvaluator.deadline(berlin, LocalDate.of(2024, 10, 26)))
                .isEqualTo(Instant.parse("2024-10-27T00:30:00Z"));

        LocalDate spring = LocalDate.of(2024, 3, 10);
        clock.set(Instant.parse("2024-03-10T07:29:59Z"));
        assertThat(one(newYork, spring, NEW_YORK, Map.of()).state()).isEqualTo(FreshnessState.WARNING);
        clock.advance(Duration.ofSeconds(1));
        assertThat(one(newYork, spring, NEW_YORK, Map.of()))
                .extracting(Freshness::state, Freshness::since)
                .containsExactly(FreshnessState.STALE, Instant.parse("2024-03-10T07:30:00Z"));
    }

    @Test
    void onlyDeadlinesWithinTheLookBackAreEvaluatedSoAnOldAssetIsLateByAWeekNotByYears() {
        TimeWindowPartitions days = TimeWindowPartitions.daily(LocalDate.of(2001, 1, 1));
        clock.set(Instant.parse("2024-06-01T12:00:00Z"));
        Freshness f = FreshnessEvaluator.deadline(
                deadline(LocalTime.of(6, 0), UTC, 1), days, Map.of(), clock.instant(), WEEK);
        assertThat(f.state()).isEqualTo(FreshnessState.STALE);
        assertThat(f.latePartitions())
                .containsExactly(
                        "2024-05-25",
                        "2024-05-26",
                        "2024-05-27",
                        "2024-05-28",
                        "2024-05-29",
                        "2024-05-30",
                        "2024-05-31");
        assertThat(f.since()).isEqualTo(Instant.parse("2024-05-26T06:00:00Z"));
        assertThat(f.count(FreshnessState.STALE)).isEqualTo(7);
        assertThat(f.detail()).startsWith("7 partitions missing after the deadline (the oldest 2024-05-25");
        Freshness day = FreshnessEvaluator.deadline(
                deadline(LocalTime.of(6, 0), UTC, 1), days, Map.of(), clock.instant(), Duration.ofDays(1));
        assertThat(day.latePartitions()).containsExactly("2024-05-31");
    }

    @Test
    void aPartitionBeforeTheFirstOrAfterTheLastIsNeverLate() {
        TimeWindowPartitions days =
                TimeWindowPartitions.daily(LocalDate.of(2024, 5, 3)).withEnd(LocalDate.of(2024, 5, 5));
        clock.set(Instant.parse("2024-05-09T12:00:00Z"));
        Freshness f = FreshnessEvaluator.deadline(
                deadline(LocalTime.of(6, 0), UTC, 1), days, Map.of(), clock.instant(), WEEK);
        assertThat(f.latePartitions()).containsExactly("2024-05-03", "2024-05-04");
    }

    @Test
    void aDeadlineIsRefusedOnAnAssetThatIsNotPartitionedByDay() {
        FreshnessPolicy.PartitionDeadline policy = deadline(LocalTime.of(6, 0), UTC, 1);
        for (PartitionsDefinition partitions :
                List.of(PartitionsDefinition.none(), TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0)))) {
            assertThatThrownBy(() -> AssetSpec.builder("a/b")
                            .partitions(partitions)
                            .freshness(policy)
                            .build())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("asset a/b declares a partition deadline but is not partitioned by day");
        }
        assertThat(AssetSpec.builder("a/b")
                        .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
                        .freshness(policy)
                        .build()
                        .freshness())
                .contains(policy);
        assertThatThrownBy(() -> FreshnessPolicy.maxAge(Duration.ofHours(2), Duration.ofHours(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static FreshnessPolicy.PartitionDeadline deadline(LocalTime at, ZoneId zone, int lag) {
        return FreshnessPolicy.partitionDeadline(at, zone, lag, Duration.ofHours(2));
    }

    /** The freshness of daily partitions (in {@code zone}) that start on {@code day}: that day's partition alone. */
    private Freshness one(
            FreshnessPolicy.PartitionDeadline policy, LocalDate day, ZoneId zone, Map<String, Instant> materialized) {
        TimeWindowPartitions days = TimeWindowPartitions.daily(day).withZone(zone);
        return FreshnessEvaluator.deadline(policy, days, materialized, clock.instant(), WEEK);
    }
}
