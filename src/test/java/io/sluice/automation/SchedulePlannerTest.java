package io.sluice.automation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.testing.Property;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchedulePlannerTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final AssetKey RAW = AssetKey.of("adv", "raw");

    private static Instant berlin(String local) {
        return LocalDateTime.parse(local).atZone(BERLIN).toInstant();
    }

    private static ScheduleSpec daily(MisfirePolicy misfire) {
        return ScheduleSpec.of("land", "10 0 * * *", "Europe/Berlin", ScheduleTarget.of(RAW))
                .withMisfire(misfire);
    }

    private static TimeWindowPartitions dailyPartitions() {
        return TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)).withZone(BERLIN);
    }

    private static TimeWindowPartitions hourlyPartitions() {
        return TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0)).withZone(BERLIN);
    }

    @Test
    void theDailyTickAtTenPastMidnightLaunchesYesterday() {
        ScheduleSpec spec = daily(MisfirePolicy.skip()).partitionedBy(dailyPartitions());
        SchedulePlanner.Evaluation e =
                SchedulePlanner.evaluate(spec, berlin("2024-03-04T23:00"), berlin("2024-03-05T00:10"));
        assertThat(e.fired()).hasSize(1);
        LaunchRequest run = (LaunchRequest) e.fired().get(0).launch().orElseThrow();
        assertThat(run.partitions()).containsExactly(PartitionKeyRange.single("2024-03-04"));
        assertThat(run.assets()).containsExactly(RAW);
        assertThat(run.tags())
                .containsEntry(Launch.SCHEDULE_TAG, "land")
                .containsEntry(Launch.TICK_TAG, berlin("2024-03-05T00:10").toString());
        assertThat(e.cursor()).isEqualTo(berlin("2024-03-05T00:10"));
        assertThat(e.missed()).isEmpty();
    }

    @Test
    void anHourlyTickLaunchesTheHourBefore() {
        ScheduleSpec spec = ScheduleSpec.of("hours", "5 * * * *", "Europe/Berlin", ScheduleTarget.of(RAW))
                .partitionedBy(hourlyPartitions());
        SchedulePlanner.Evaluation e =
                SchedulePlanner.evaluate(spec, berlin("2024-03-05T13:00"), berlin("2024-03-05T14:07"));
        assertThat(((LaunchRequest) e.fired().get(0).launch().orElseThrow()).partitions())
                .containsExactly(PartitionKeyRange.single("2024-03-05-13:00"));
    }

    @Test
    void aDailyTickOverHourlyPartitionsIsABackfillOfTheDaysHours() {
        ScheduleSpec spec = daily(MisfirePolicy.skip()).partitionedBy(hourlyPartitions());
        BackfillLaunchRequest spring = (BackfillLaunchRequest)
                SchedulePlanner.evaluate(spec, berlin("2024-03-31T12:00"), berlin("2024-04-01T00:10"))
                        .fired()
                        .get(0)
                        .launch()
                        .orElseThrow();
        assertThat(spring.ranges()).containsExactly(new PartitionKeyRange("2024-03-31-00:00", "2024-03-31-23:00"));
        assertThat(SchedulePlanner.completed(hourlyPartitions(), berlin("2024-03-31T00:10"), berlin("2024-04-01T00:10"))
                        .count())
                .isEqualTo(23);
        BackfillLaunchRequest autumn = (BackfillLaunchRequest)
                SchedulePlanner.evaluate(spec, berlin("2024-10-27T12:00"), berlin("2024-10-28T00:10"))
                        .fired()
                        .get(0)
                        .launch()
                        .orElseThrow();
        assertThat(autumn.ranges()).containsExactly(new PartitionKeyRange("2024-10-27-00:00", "2024-10-27-23:00"));
        assertThat(SchedulePlanner.completed(hourlyPartitions(), berlin("2024-10-27T00:10"), berlin("2024-10-28T00:10"))
                        .keys())
                .hasSize(25)
                .contains("2024-10-27-02:00+02:00", "2024-10-27-02:00+01:00");
    }

    @Test
    void aTickBeforeThePartitionsStartIsSkippedWithTheReason() {
        ScheduleSpec spec = daily(MisfirePolicy.skip())
                .partitionedBy(
                        TimeWindowPartitions.daily(LocalDate.of(2025, 1, 1)).withZone(BERLIN));
        SchedulePlanner.DueTick tick = SchedulePlanner.evaluate(
                        spec, berlin("2024-03-04T23:00"), berlin("2024-03-05T00:10"))
                .fired()
                .get(0);
        assertThat(tick.launch()).isEmpty();
        assertThat(tick.skipReason()).contains("no partition", "daily from 2025-01-01");
        assertThat(tick.recorded(List.of(), List.of())).isEqualTo(new TickOutcome.Skipped(tick.skipReason()));
    }

    @Test
    void skipFiresOnlyTheLatestDueTickAndRecordsTheRest() {
        ScheduleSpec spec = daily(MisfirePolicy.skip()).partitionedBy(dailyPartitions());
        SchedulePlanner.Evaluation e =
                SchedulePlanner.evaluate(spec, berlin("2024-03-01T00:10"), berlin("2024-03-05T09:00"));
        assertThat(e.fired()).extracting(SchedulePlanner.DueTick::tick).containsExactly(berlin("2024-03-05T00:10"));
        assertThat(((LaunchRequest) e.fired().get(0).launch().orElseThrow()).partitions())
                .containsExactly(PartitionKeyRange.single("2024-03-04"));
        SchedulePlanner.MissedTicks missed = e.missed().orElseThrow();
        assertThat(missed.count()).isEqualTo(3);
        assertThat(missed.atLeast()).isFalse();
        assertThat(missed.first()).isEqualTo(berlin("2024-03-02T00:10"));
        assertThat(missed.last()).isEqualTo(berlin("2024-03-04T00:10"));
        assertThat(missed.reason()).contains("SKIP");
        assertThat(missed.recorded())
                .isInstanceOfSatisfying(
                        TickOutcome.Skipped.class,
                        t -> assertThat(t.reason()).contains("3 ticks from " + berlin("2024-03-02T00:10")));
        assertThat(e.fired().get(0).recorded(List.of("r-1"), List.of()))
                .isEqualTo(new TickOutcome.Launched(List.of("r-1"), List.of()));
        assertThat(e.cursor()).isEqualTo(berlin("2024-03-05T00:10"));
    }

    @Test
    void catchUpFiresTheNewestMissedTicksOldestFirstBoundedByItsLimit() {
        ScheduleSpec spec = daily(MisfirePolicy.catchUp(2)).partitionedBy(dailyPartitions());
        SchedulePlanner.Evaluation e =
                SchedulePlanner.evaluate(spec, berlin("2024-03-01T00:10"), berlin("2024-03-06T09:00"));
        assertThat(e.fired())
                .extracting(t -> ((LaunchRequest) t.launch().orElseThrow())
                        .partitions()
                        .get(0)
                        .start())
                .containsExactly("2024-03-04", "2024-03-05");
        assertThat(e.missed().orElseThrow().count()).isEqualTo(3);
        assertThat(e.missed().orElseThrow().reason()).contains("CATCH_UP 2");

        SchedulePlanner.Evaluation all = SchedulePlanner.evaluate(
                daily(MisfirePolicy.catchUp(10)).partitionedBy(dailyPartitions()),
                berlin("2024-03-01T00:10"),
                berlin("2024-03-04T00:10"));
        assertThat(all.fired()).hasSize(3);
        assertThat(all.missed()).isEmpty();
    }

    @Test
    void nothingDueLeavesTheCursor() {
        Instant cursor = berlin("2024-03-05T00:10");
        SchedulePlanner.Evaluation e =
                SchedulePlanner.evaluate(daily(MisfirePolicy.catchUp(3)), cursor, berlin("2024-03-06T00:09"));
        assertThat(e.fired()).isEmpty();
        assertThat(e.missed()).isEmpty();
        assertThat(e.cursor()).isEqualTo(cursor);
    }

    @Test
    void aLongOutageCountsMissedTicksUpToTheLimit() {
        ScheduleSpec spec = ScheduleSpec.of("often", "* * * * *", "UTC", ScheduleTarget.of(RAW));
        SchedulePlanner.Evaluation e = SchedulePlanner.evaluate(
                spec, Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("2024-03-01T00:00:00Z"));
        assertThat(e.fired()).hasSize(1);
        assertThat(e.missed().orElseThrow().atLeast()).isTrue();
        assertThat(e.missed().orElseThrow().count()).isEqualTo(SchedulePlanner.COUNT_LIMIT);
    }

    @Test
    void specsRefuseBadNamesZonesAndBounds() {
        assertThatThrownBy(() -> ScheduleSpec.of("no spaces", "0 0 * * *", "UTC", ScheduleTarget.of(RAW)))
                .hasMessageContaining("name");
        assertThatThrownBy(() -> ScheduleSpec.of("s", "0 0 * * *", "+02:00", ScheduleTarget.of(RAW)))
                .hasMessageContaining("IANA");
        assertThatThrownBy(() -> ScheduleSpec.of("s", "0 0 * * *", "Mars/Olympus", ScheduleTarget.of(RAW)))
                .hasMessageContaining("IANA");
        assertThatThrownBy(() -> ScheduleSpec.of("s", "0 0 * *", "UTC", ScheduleTarget.of(RAW)))
                .hasMessageContaining("5 fields");
        assertThatThrownBy(() -> MisfirePolicy.catchUp(0)).hasMessageContaining("1 to 1000");
        assertThatThrownBy(() -> new TickOutcome.Launched(List.of(), List.of())).hasMessageContaining("at least one");
    }

    /** Fired plus missed are exactly the due ticks; the fired ones are the newest, oldest first; the cursor the latest. */
    @Test
    void firedAndMissedPartitionTheDueTicks() {
        List<String> crons = List.of("10 0 * * *", "0 * * * *", "*/20 * * * *", "30 2 * * *");
        Property.tries(200)
                .check(
                        d -> {
                            ZonedDateTime cursor = ZonedDateTime.of(
                                    2024, d.of(3, 10), d.between(20, 31), d.between(0, 23), 0, 0, 0, BERLIN);
                            return new Object[] {
                                ScheduleSpec.of("s", d.of(crons), "Europe/Berlin", ScheduleTarget.of(RAW))
                                        .withMisfire(
                                                d.bool()
                                                        ? MisfirePolicy.skip()
                                                        : MisfirePolicy.catchUp(d.between(1, 30))),
                                cursor.toInstant(),
                                cursor.toInstant().plus(Duration.ofMinutes(d.between(0, 3 * 24 * 60)))
                            };
                        },
                        c -> {
                            ScheduleSpec spec = (ScheduleSpec) c[0];
                            Instant cursor = (Instant) c[1];
                            Instant now = (Instant) c[2];
                            List<Instant> due =
                                    spec.ticks().between(cursor, now, 100_000).ticks();
                            SchedulePlanner.Evaluation e = SchedulePlanner.evaluate(spec, cursor, now);
                            List<Instant> fired = e.fired().stream()
                                    .map(SchedulePlanner.DueTick::tick)
                                    .toList();
                            long missed = e.missed()
                                    .map(SchedulePlanner.MissedTicks::count)
                                    .orElse(0L);
                            assertThat(fired.size())
                                    .isEqualTo(
                                            Math.min(due.size(), spec.misfire().maxTicks()));
                            assertThat(fired).isEqualTo(due.subList(due.size() - fired.size(), due.size()));
                            assertThat(fired.size() + missed).isEqualTo(due.size());
                            assertThat(e.cursor()).isEqualTo(due.isEmpty() ? cursor : due.get(due.size() - 1));
                        });
    }
}
