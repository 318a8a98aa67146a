package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.testing.Draw;
import io.sluice.testing.Property;
import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/** The parser and the local-time arithmetic against a naive matcher that scans day by day. */
class CronSchedulePropertiesTest {

    record Case(CronField.Cron cron, LocalDateTime time) {

        static Case draw(Draw d) {
            return new Case(CronField.cron(d), CronSchedulePropertiesTest.time(d));
        }
    }

    /** Within 150 years of 2000, on the minute or (one in three) 30 s past it. */
    static LocalDateTime time(Draw d) {
        long minutes = d.between(-60L * 24 * 366 * 150, 60L * 24 * 366 * 150);
        return LocalDateTime.of(2000, 1, 1, 0, 0).plusMinutes(minutes).plusSeconds(minutes % 3 == 0 ? 30 : 0);
    }

    @Test
    void nextAndPreviousAreTheNearestMatchingMinutes() {
        Property.tries(500).check(Case::draw, c -> nextAndPreviousAreTheNearestMatchingMinutes(c.cron(), c.time()));
    }

    private static void nextAndPreviousAreTheNearestMatchingMinutes(CronField.Cron cron, LocalDateTime time) {
        CronSchedule schedule = parseOrSkip(cron);
        LocalDateTime next = schedule.next(time);
        LocalDateTime previous = schedule.previous(time);
        assertThat(next).isEqualTo(naiveNext(cron, time));
        assertThat(previous).isEqualTo(naivePrevious(cron, time));
        assertThat(schedule.matches(next)).isTrue();
        assertThat(schedule.matches(time.withSecond(0))).isEqualTo(cron.matches(time.withSecond(0)));
    }

    @Test
    void ordinalsCountFiresAndLeadBackToThem() {
        Property.tries(500).check(Case::draw, c -> ordinalsCountFiresAndLeadBackToThem(c.cron(), c.time()));
    }

    private static void ordinalsCountFiresAndLeadBackToThem(CronField.Cron cron, LocalDateTime time) {
        CronSchedule schedule = parseOrSkip(cron);
        long before = schedule.firesBefore(time);
        LocalDateTime fire = schedule.fire(before);
        assertThat(fire).isAfterOrEqualTo(time).isEqualTo(naiveNext(cron, time.minusNanos(1)));
        assertThat(schedule.firesBefore(fire)).isEqualTo(before);
        assertThat(schedule.fire(before - 1)).isBefore(time);
        assertThat(schedule.firesBefore(fire.plusMinutes(1))).isEqualTo(before + 1);
    }

    private static CronSchedule parseOrSkip(CronField.Cron cron) {
        try {
            return CronSchedule.parse(cron.expression());
        } catch (IllegalArgumentException e) {
            Property.assume(!e.getMessage().contains("never fires"));
            throw e;
        }
    }

    private static LocalDateTime naiveNext(CronField.Cron cron, LocalDateTime after) {
        LocalDateTime t = after.withSecond(0).withNano(0).plusMinutes(1);
        for (int days = 0; days < 366 * 30; days++) {
            if (cron.matchesDay(t.toLocalDate())) {
                for (LocalDateTime m = t; m.toLocalDate().equals(t.toLocalDate()); m = m.plusMinutes(1)) {
                    if (cron.matches(m)) {
                        return m;
                    }
                }
            }
            t = t.toLocalDate().plusDays(1).atStartOfDay();
        }
        throw new AssertionError("no fire time within 30 years");
    }

    private static LocalDateTime naivePrevious(CronField.Cron cron, LocalDateTime before) {
        LocalDateTime t = before.getSecond() == 0 && before.getNano() == 0
                ? before.minusMinutes(1)
                : before.withSecond(0).withNano(0);
        for (int days = 0; days < 366 * 30; days++) {
            if (cron.matchesDay(t.toLocalDate())) {
                for (LocalDateTime m = t; m.toLocalDate().equals(t.toLocalDate()); m = m.minusMinutes(1)) {
                    if (cron.matches(m)) {
                        return m;
                    }
                }
            }
            t = t.toLocalDate().atStartOfDay().minusMinutes(1);
        }
        throw new AssertionError("no fire time within 30 years");
    }

    @Test
    void parsesNamesMacrosAndSundayAsSeven() {
        assertThat(CronSchedule.parse("0 0 * * 7"))
                .isEqualTo(CronSchedule.parse("0 0 * * sun"))
                .isEqualTo(CronSchedule.WEEKLY);
        assertThat(CronSchedule.parse("@daily")).isEqualTo(CronSchedule.DAILY);
        assertThat(CronSchedule.parse("@monthly")).isEqualTo(CronSchedule.MONTHLY);
        assertThat(CronSchedule.parse("0 12 * JAN-MAR MON-FRI").next(LocalDateTime.of(2024, 3, 29, 12, 0)))
                .isEqualTo(LocalDateTime.of(2024, 4, 1, 12, 0)
                        .plusYears(1)
                        .withMonth(1)
                        .withDayOfMonth(1));
        assertThat(CronSchedule.parse("5/20 * * * *").next(LocalDateTime.of(2024, 1, 1, 0, 30)))
                .isEqualTo(LocalDateTime.of(2024, 1, 1, 0, 45));
        assertThat(CronSchedule.parse("0 0 13 * 5").next(LocalDateTime.of(2024, 1, 1, 0, 0)))
                .as("day-of-month OR day-of-week when both are restricted")
                .isEqualTo(LocalDateTime.of(2024, 1, 5, 0, 0));
        assertThat(CronSchedule.parse("0 0 */2 * 5").next(LocalDateTime.of(2024, 1, 1, 0, 0)))
                .as("AND when one starts with *")
                .isEqualTo(LocalDateTime.of(2024, 1, 5, 0, 0));
        assertThat(CronSchedule.parse("0 0 29 2 *").next(LocalDateTime.of(2024, 3, 1, 0, 0)))
                .isEqualTo(LocalDateTime.of(2028, 2, 29, 0, 0));
    }

    @Test
    void presetsHaveTheirCadence() {
        assertThat(CronSchedule.hourly(15).cadence()).isEqualTo("hourly");
        assertThat(CronSchedule.daily(LocalTime.of(6, 30)).cadence()).isEqualTo("daily");
        assertThat(CronSchedule.weekly(DayOfWeek.MONDAY, LocalTime.MIDNIGHT).cadence())
                .isEqualTo("weekly");
        assertThat(CronSchedule.monthly(15, LocalTime.NOON).cadence()).isEqualTo("monthly");
        assertThat(CronSchedule.parse("0 0 1 1 *").cadence()).isEqualTo("cron");
        assertThat(CronSchedule.parse("*/15 * * * *").cadence()).isEqualTo("cron");
    }

    @Test
    void rejectsMalformedExpressionsNamingTheField() {
        assertThatThrownBy(() -> CronSchedule.parse("0 0 * *")).hasMessageContaining("must have 5 fields");
        assertThatThrownBy(() -> CronSchedule.parse("60 * * * *"))
                .hasMessageContaining("minute 60 is out of range 0-59");
        assertThatThrownBy(() -> CronSchedule.parse("0 5-3 * * *"))
                .hasMessageContaining("hour range '5-3' goes backwards");
        assertThatThrownBy(() -> CronSchedule.parse("0 0 * FOO *"))
                .hasMessageContaining("month 'FOO' is not a number or a name");
        assertThatThrownBy(() -> CronSchedule.parse("*/0 * * * *"))
                .hasMessageContaining("minute step 0 is out of range");
        assertThatThrownBy(() -> CronSchedule.parse("0 0 1,,2 * *")).hasMessageContaining("empty list element");
        assertThatThrownBy(() -> CronSchedule.parse("0 0 30 2 *")).hasMessageContaining("never fires");
    }
}
