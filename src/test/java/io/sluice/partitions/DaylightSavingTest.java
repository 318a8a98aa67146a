package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Windows are defined in local time and are instants; DST days are shorter or longer, hours are skipped or repeated. */
class DaylightSavingTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final Instant LATER = Instant.parse("2025-01-01T00:00:00Z");

    private static TimeWindowSpace daily(ZoneId zone) {
        return TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1))
                .withZone(zone)
                .at(LATER);
    }

    private static TimeWindowSpace hourly(ZoneId zone, LocalDate day) {
        return TimeWindowPartitions.hourly(day.atStartOfDay())
                .withZone(zone)
                .withEnd(day.plusDays(1))
                .at(LATER);
    }

    private static Duration lengthOf(TimeWindowSpace space, String key) {
        return space.window(space.indexOf(key).orElseThrow()).duration();
    }

    @Test
    void berlinDaysAre23And25HoursLongOnTheChangeovers() {
        TimeWindowSpace days = daily(BERLIN);
        assertThat(lengthOf(days, "2024-03-30")).isEqualTo(Duration.ofHours(24));
        assertThat(lengthOf(days, "2024-03-31")).isEqualTo(Duration.ofHours(23));
        assertThat(lengthOf(days, "2024-10-27")).isEqualTo(Duration.ofHours(25));
        assertThat(days.window(days.indexOf("2024-03-31").orElseThrow()))
                .isEqualTo(
                        new TimeWindow(Instant.parse("2024-03-30T23:00:00Z"), Instant.parse("2024-03-31T22:00:00Z")));
        assertThat(days.size()).isEqualTo(366);
    }

    @Test
    void berlinSpringForwardDayHas23HourlyWindowsWithout0200() {
        TimeWindowSpace hours = hourly(BERLIN, LocalDate.of(2024, 3, 31));
        assertThat(hours.size()).isEqualTo(23);
        assertThat(hours.keys())
                .contains("2024-03-31-01:00", "2024-03-31-03:00")
                .doesNotContain("2024-03-31-02:00");
        assertThat(hours.window(1))
                .isEqualTo(
                        new TimeWindow(Instant.parse("2024-03-31T00:00:00Z"), Instant.parse("2024-03-31T01:00:00Z")));
        assertThat(hours.validate("2024-03-31-02:00"))
                .get()
                .asString()
                .isEqualTo(
                        "'2024-03-31-02:00' does not exist: in Europe/Berlin the clocks skip from 02:00 to 03:00 on 2024-03-31");
        for (long i = 0; i < hours.size(); i++) {
            assertThat(hours.window(i).duration()).isEqualTo(Duration.ofHours(1));
        }
    }

    @Test
    void berlinFallBackDayHas25HourlyWindowsAndTheRepeatedHourCarriesItsOffset() {
        TimeWindowSpace hours = hourly(BERLIN, LocalDate.of(2024, 10, 27));
        assertThat(hours.size()).isEqualTo(25);
        assertThat(hours.keys().subList(1, 5))
                .containsExactly(
                        "2024-10-27-01:00", "2024-10-27-02:00+02:00", "2024-10-27-02:00+01:00", "2024-10-27-03:00");
        assertThat(hours.window(2).start()).isEqualTo(Instant.parse("2024-10-27T00:00:00Z"));
        assertThat(hours.window(3).start()).isEqualTo(Instant.parse("2024-10-27T01:00:00Z"));
        assertThat(hours.indexOf("2024-10-27-02:00+01:00")).hasValue(3);
        assertThat(hours.validate("2024-10-27-02:00"))
                .get()
                .asString()
                .isEqualTo("'2024-10-27-02:00' is ambiguous: 02:00 occurs "
                        + "twice in Europe/Berlin on 2024-10-27; use 2024-10-27-02:00+02:00 or 2024-10-27-02:00+01:00");
        assertThat(hours.validate("2024-10-27-02:00+03:00")).isPresent();
        for (long i = 0; i < hours.size(); i++) {
            assertThat(hours.window(i).duration()).isEqualTo(Duration.ofHours(1));
            assertThat(hours.indexOf(hours.keyAt(i))).hasValue(i);
        }
    }

    @Test
    void newYorkChangeoversAtTwoInTheMorning() {
        TimeWindowSpace days = daily(NEW_YORK);
        assertThat(lengthOf(days, "2024-03-10")).isEqualTo(Duration.ofHours(23));
        assertThat(lengthOf(days, "2024-11-03")).isEqualTo(Duration.ofHours(25));
        TimeWindowSpace spring = hourly(NEW_YORK, LocalDate.of(2024, 3, 10));
        assertThat(spring.size()).isEqualTo(23);
        assertThat(spring.keys()).doesNotContain("2024-03-10-02:00");
        TimeWindowSpace fall = hourly(NEW_YORK, LocalDate.of(2024, 11, 3));
        assertThat(fall.size()).isEqualTo(25);
        assertThat(fall.keys().subList(1, 3)).containsExactly("2024-11-03-01:00-04:00", "2024-11-03-01:00-05:00");
    }

    @Test
    void aDailyScheduleInsideTheGapOrTheRepeatedHourFiresOnce() {
        TimeWindowPartitions at0230 = TimeWindowPartitions.cron("30 2 * * *", LocalDateTime.of(2024, 3, 29, 0, 0))
                .withZone(BERLIN);
        TimeWindowSpace spring = at0230.at(Instant.parse("2024-04-03T00:00:00Z"));
        assertThat(spring.keys()).containsExactly("2024-03-29", "2024-03-30", "2024-03-31", "2024-04-01");
        assertThat(spring.window(2).start().atZone(BERLIN).toLocalTime()).hasToString("03:30");
        assertThat(spring.window(1).duration()).isEqualTo(Duration.ofHours(24));
        assertThat(spring.window(2).duration()).isEqualTo(Duration.ofHours(23));
        TimeWindowSpace fall =
                at0230.withEnd(LocalDateTime.of(2024, 10, 29, 0, 0)).at(LATER);
        List<String> keys = fall.keys();
        assertThat(keys.subList(keys.size() - 3, keys.size()))
                .containsExactly("2024-10-25", "2024-10-26", "2024-10-27");
        assertThat(fall.window(fall.indexOf("2024-10-26").orElseThrow()).duration())
                .isEqualTo(Duration.ofHours(24));
        assertThat(fall.window(fall.indexOf("2024-10-27").orElseThrow()).duration())
                .isEqualTo(Duration.ofHours(25));
        assertThat(fall.window(fall.indexOf("2024-10-27").orElseThrow()).start())
                .isEqualTo(Instant.parse("2024-10-27T00:30:00Z"));
    }

    @Test
    void quarterHoursRepeatAllFourInTheRepeatedHour() {
        TimeWindowPartitions quarters = TimeWindowPartitions.cron("*/15 * * * *", LocalDateTime.of(2024, 10, 27, 0, 0))
                .withZone(BERLIN)
                .withEnd(LocalDateTime.of(2024, 10, 28, 0, 0));
        TimeWindowSpace space = quarters.at(LATER);
        assertThat(space.size()).isEqualTo(100);
        assertThat(space.keys()).contains("2024-10-27-02:45+02:00", "2024-10-27-02:45+01:00");
        TimeWindowSpace spring =
                quarters.withEnd(LocalDateTime.of(2024, 10, 28, 0, 0)).at(LATER);
        assertThat(spring.size()).isEqualTo(100);
    }

    @Test
    void cronNextAndPreviousFollowTheSameRules() {
        CronSchedule hourly = CronSchedule.HOURLY;
        assertThat(hourly.next(LocalDateTime.of(2024, 3, 31, 1, 0).atZone(BERLIN))
                        .toInstant())
                .isEqualTo(Instant.parse("2024-03-31T01:00:00Z"));
        assertThat(hourly.next(Instant.parse("2024-10-27T00:00:00Z").atZone(BERLIN))
                        .toInstant())
                .isEqualTo(Instant.parse("2024-10-27T01:00:00Z"));
        assertThat(hourly.previous(Instant.parse("2024-10-27T02:00:00Z").atZone(BERLIN))
                        .toInstant())
                .isEqualTo(Instant.parse("2024-10-27T01:00:00Z"));
        assertThat(CronSchedule.DAILY
                        .next(Instant.parse("2024-03-31T00:00:00Z").atZone(BERLIN))
                        .toLocalDateTime())
                .isEqualTo(LocalDateTime.of(2024, 4, 1, 0, 0));
        assertThat(CronSchedule.parse("30 2 * * *")
                        .next(Instant.parse("2024-03-30T12:00:00Z").atZone(BERLIN))
                        .toLocalDateTime())
                .isEqualTo(LocalDateTime.of(2024, 3, 31, 3, 30));
    }

    @Test
    void samoaSkippedTheThirtiethOfDecember2011() {
        TimeWindowSpace days = TimeWindowPartitions.daily(LocalDate.of(2011, 12, 28))
                .withZone(ZoneId.of("Pacific/Apia"))
                .withEnd(LocalDate.of(2012, 1, 2))
                .at(LATER);
        assertThat(days.keys()).containsExactly("2011-12-28", "2011-12-29", "2011-12-31", "2012-01-01");
        assertThat(lengthOf(days, "2011-12-29")).isEqualTo(Duration.ofHours(24));
        assertThat(days.validate("2011-12-30")).isPresent();
    }

    @Test
    void lordHoweMovesItsClocksByHalfAnHour() {
        TimeWindowSpace days = daily(ZoneId.of("Australia/Lord_Howe"));
        assertThat(lengthOf(days, "2024-04-07")).isEqualTo(Duration.ofMinutes(24 * 60 + 30));
        assertThat(lengthOf(days, "2024-10-06")).isEqualTo(Duration.ofMinutes(24 * 60 - 30));
        TimeWindowSpace hours = hourly(ZoneId.of("Australia/Lord_Howe"), LocalDate.of(2024, 10, 6));
        assertThat(hours.keys().subList(1, 4))
                .containsExactly("2024-10-06-01:00", "2024-10-06-02:30", "2024-10-06-03:00");
        assertThat(hours.size()).isEqualTo(24);
        assertThat(hours.window(2).duration())
                .as("02:00 does not exist; its window starts at 02:30")
                .isEqualTo(Duration.ofMinutes(30));
        assertThat(hours.validate("2024-10-06-02:00")).get().asString().contains("the clocks skip from 02:00 to 02:30");
    }
}
