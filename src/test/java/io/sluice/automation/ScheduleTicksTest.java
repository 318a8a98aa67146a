package io.sluice.automation;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.partitions.CronSchedule;
import io.sluice.testing.Property;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleTicksTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final ZoneId LORD_HOWE = ZoneId.of("Australia/Lord_Howe");

    private static ScheduleTicks ticks(String cron, ZoneId zone) {
        return new ScheduleTicks(CronSchedule.parse(cron), zone);
    }

    private static Instant at(String instant) {
        return Instant.parse(instant);
    }

    private static List<Instant> day(ScheduleTicks ticks, String fromUtc, String toUtc) {
        return ticks.between(at(fromUtc), at(toUtc), 1000).ticks();
    }

    @Test
    void aDailyTickInTheBerlinSpringGapFiresWhenTheClocksJump() {
        ScheduleTicks ticks = ticks("30 2 * * *", BERLIN);
        assertThat(day(ticks, "2024-03-29T12:00:00Z", "2024-04-01T12:00:00Z"))
                .containsExactly(
                        at("2024-03-30T01:30:00Z"), // 02:30 CET
                        at("2024-03-31T01:00:00Z"), // 02:30 does not exist: 03:00 CEST, the end of the gap
                        at("2024-04-01T00:30:00Z")); // 02:30 CEST
    }

    @Test
    void hourlyAndQuarterHourlyTicksInTheGapFireOnceAtItsEnd() {
        assertThat(day(ticks("0 * * * *", BERLIN), "2024-03-30T23:00:00Z", "2024-03-31T02:00:00Z"))
                .containsExactly(at("2024-03-31T00:00:00Z"), at("2024-03-31T01:00:00Z"), at("2024-03-31T02:00:00Z"));
        assertThat(day(ticks("*/15 * * * *", BERLIN), "2024-03-31T00:30:00Z", "2024-03-31T01:30:00Z"))
                .containsExactly(
                        at("2024-03-31T00:45:00Z"),
                        at("2024-03-31T01:00:00Z"),
                        at("2024-03-31T01:15:00Z"),
                        at("2024-03-31T01:30:00Z"));
        assertThat(day(ticks("0 * * * *", BERLIN), "2024-03-30T23:00:00Z", "2024-03-31T22:00:00Z"))
                .hasSize(23);
    }

    @Test
    void aRepeatedLocalTimeFiresOnceAtItsFirstOccurrence() {
        ScheduleTicks daily = ticks("30 2 * * *", BERLIN);
        assertThat(day(daily, "2024-10-26T12:00:00Z", "2024-10-28T12:00:00Z"))
                .containsExactly(at("2024-10-27T00:30:00Z"), at("2024-10-28T01:30:00Z"));
        ScheduleTicks hourly = ticks("0 * * * *", BERLIN);
        assertThat(day(hourly, "2024-10-26T23:30:00Z", "2024-10-27T02:30:00Z"))
                .containsExactly(at("2024-10-27T00:00:00Z"), at("2024-10-27T02:00:00Z"));
        assertThat(day(hourly, "2024-10-26T21:30:00Z", "2024-10-27T22:30:00Z")).hasSize(24);
        // asked from inside the second pass of the repeated hour, the next tick is the one after it
        assertThat(hourly.next(at("2024-10-27T01:10:00Z"))).isEqualTo(at("2024-10-27T02:00:00Z"));
        assertThat(hourly.latestAtOrBefore(at("2024-10-27T01:10:00Z"))).isEqualTo(at("2024-10-27T00:00:00Z"));
    }

    @Test
    void newYorkSpringForwardAndFallBack() {
        ScheduleTicks gap = ticks("30 2 * * *", NEW_YORK);
        assertThat(day(gap, "2024-03-09T12:00:00Z", "2024-03-11T12:00:00Z"))
                .containsExactly(at("2024-03-10T07:00:00Z"), at("2024-03-11T06:30:00Z"));
        ScheduleTicks overlap = ticks("30 1 * * *", NEW_YORK);
        assertThat(day(overlap, "2024-11-02T12:00:00Z", "2024-11-04T12:00:00Z"))
                .containsExactly(at("2024-11-03T05:30:00Z"), at("2024-11-04T06:30:00Z"));
    }

    @Test
    void lordHoweShiftsByThirtyMinutes() {
        // 2024-10-06 02:00 +10:30 -> 02:30 +11:00: 02:15 does not exist and fires at 02:30 +11:00
        ScheduleTicks gap = ticks("15 2 * * *", LORD_HOWE);
        assertThat(day(gap, "2024-10-04T12:00:00Z", "2024-10-06T20:00:00Z"))
                .containsExactly(at("2024-10-04T15:45:00Z"), at("2024-10-05T15:30:00Z"), at("2024-10-06T15:15:00Z"));
        // 2024-04-07 02:00 +11:00 -> 01:30 +10:30: 01:45 occurs twice and fires once, at +11:00
        ScheduleTicks overlap = ticks("45 1 * * *", LORD_HOWE);
        assertThat(day(overlap, "2024-04-06T12:00:00Z", "2024-04-08T12:00:00Z"))
                .containsExactly(at("2024-04-06T14:45:00Z"), at("2024-04-07T15:15:00Z"));
    }

    @Test
    void betweenIsBoundedAndSaysSo() {
        ScheduleTicks.Ticks found =
                ticks("* * * * *", BERLIN).between(at("2024-01-01T00:00:00Z"), at("2024-01-02T00:00:00Z"), 10);
        assertThat(found.ticks()).hasSize(10).first().isEqualTo(at("2024-01-01T00:01:00Z"));
        assertThat(found.truncated()).isTrue();
        assertThat(ticks("0 0 * * *", BERLIN)
                        .between(at("2024-01-01T00:00:00Z"), at("2024-01-03T00:00:00Z"), 10)
                        .truncated())
                .isFalse();
    }

    /** For any cron, zone and instant: next is the first tick after, latest the last at or before, and they agree. */
    @Test
    void nextAndLatestAreConsistentAcrossTransitions() {
        List<ZoneId> zones = List.of(BERLIN, NEW_YORK, LORD_HOWE, ZoneId.of("UTC"), ZoneId.of("Pacific/Apia"));
        List<String> crons = List.of(
                "* * * * *",
                "*/15 * * * *",
                "0 * * * *",
                "30 2 * * *",
                "45 1 * * *",
                "15 2 * * 0",
                "0 0 1 * *",
                "0,30 1-3 * * *",
                "10 0 * * *");
        Property.tries(300)
                .check(
                        d -> {
                            ZoneId zone = d.of(zones);
                            String cron = d.of(crons);
                            // near a transition half of the time: the last Sundays of March/October, early
                            // April/October, early November
                            LocalDateTime local = d.bool()
                                    ? LocalDateTime.of(2024, d.of(3, 4, 10, 11), d.between(1, 31 - 1), 0, 0)
                                            .plusMinutes(d.between(0, 24 * 60))
                                    : LocalDateTime.of(2020 + d.between(0, 8), 1, 1, 0, 0)
                                            .plusMinutes(d.between(0, 366 * 24 * 60));
                            Instant t =
                                    local.atZone(ZoneId.of("UTC")).toInstant().plusSeconds(d.between(0, 59));
                            return new Object[] {ticks(cron, zone), t};
                        },
                        c -> {
                            ScheduleTicks ticks = (ScheduleTicks) c[0];
                            Instant t = (Instant) c[1];
                            Instant next = ticks.next(t);
                            assertThat(next).isAfter(t);
                            assertThat(ticks.latestAtOrBefore(next)).isEqualTo(next);
                            assertThat(ticks.previous(next)).isBeforeOrEqualTo(t);
                            Instant latest = ticks.latestAtOrBefore(t);
                            assertThat(latest).isBeforeOrEqualTo(t);
                            assertThat(ticks.next(latest)).isEqualTo(next);
                            List<Instant> run = new ArrayList<>(
                                    ticks.between(latest.minus(Duration.ofDays(2)), t.plus(Duration.ofDays(2)), 10_000)
                                            .ticks());
                            assertThat(run).isSorted().doesNotHaveDuplicates();
                            for (int i = 1; i < run.size(); i++) {
                                assertThat(ticks.next(run.get(i - 1))).isEqualTo(run.get(i));
                            }
                        });
    }
}
