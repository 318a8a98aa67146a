package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.Draw;
import io.sluice.testing.Property;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The index arithmetic of time windows against the rules written the slow, obvious way: every local minute is
 * tested against a naive cron matcher and resolved with java.time (gap: the offset before it; overlap: the
 * earlier offset, and the later one too when the previous fire time is at most the overlap's length earlier).
 */
class TimeWindowDstPropertiesTest {

    private static final List<String> ZONES = List.of(
            "Europe/Berlin",
            "America/New_York",
            "Australia/Lord_Howe",
            "Pacific/Apia",
            "America/Sao_Paulo",
            "Asia/Kolkata",
            "Europe/London",
            "Australia/Sydney",
            "America/Santiago",
            "Africa/Casablanca",
            "Europe/Dublin",
            "America/St_Johns",
            "UTC");
    private static final List<String> TRICKY = List.of(
            "0 * * * *",
            "30 * * * *",
            "*/15 * * * *",
            "0 0 * * *",
            "30 2 * * *",
            "0 2 * * *",
            "30 1 * * *",
            "0 1-3 * * *",
            "30 */2 * * *",
            "15,40 2 * * *",
            "0,50 * * * *",
            "45 0 * * *",
            "0 0 * * 0",
            "0 0 1 * *",
            "0 2 * * 0");

    /** A tricky expression or a generated one (half and half), a zone, and where to start around which change. */
    record Case(String expression, String zoneId, int year, int pick, int minutesBefore) {

        static Case draw(Draw d) {
            String expression =
                    d.oneOf(() -> d.of(TRICKY), () -> CronField.cron(d).expression());
            return new Case(expression, d.of(ZONES), d.between(1990, 2035), d.between(0, 7), d.between(0, 4 * 24 * 60));
        }
    }

    @Test
    void windowsMatchTheBruteForceRulesAroundTransitions() {
        Property.tries(400)
                .check(
                        Case::draw,
                        c -> windowsMatchTheBruteForceRulesAroundTransitions(
                                c.expression(), c.zoneId(), c.year(), c.pick(), c.minutesBefore()));
    }

    private static void windowsMatchTheBruteForceRulesAroundTransitions(
            String expression, String zoneId, int year, int pick, int minutesBefore) {
        ZoneId zone = ZoneId.of(zoneId);
        CronSchedule schedule;
        try {
            schedule = CronSchedule.parse(expression);
        } catch (IllegalArgumentException e) {
            Property.assume(false);
            return;
        }
        LocalDateTime around = transitionOrMidYear(zone.getRules(), year, pick);
        LocalDateTime start = around.minusMinutes(minutesBefore);
        LocalDateTime until = around.plusDays(3);
        TimeWindowSpace space = TimeWindowPartitions.of(schedule, start)
                .withZone(zone)
                .withKeyFormat("yyyy-MM-dd-HH:mm")
                .withEndOffset(1)
                .at(until.plusDays(10).atZone(zone).toInstant());

        List<Instant> expected = reference(schedule, zone, start, until);
        Instant limit = until.minusDays(1).atZone(zone).toInstant();
        List<Instant> actual = new ArrayList<>();
        for (long i = 0; i < space.size() && space.window(i).start().isBefore(limit); i++) {
            actual.add(space.window(i).start());
        }
        List<Instant> expectedBeforeLimit =
                expected.stream().filter(s -> s.isBefore(limit)).toList();
        assertThat(actual)
                .as("%s in %s from %s", expression, zoneId, start)
                .containsExactlyElementsOf(expectedBeforeLimit);

        Set<String> keys = new HashSet<>();
        for (int i = 0; i < actual.size(); i++) {
            String key = space.keyAt(i);
            assertThat(keys.add(key)).as("distinct key %s", key).isTrue();
            assertThat(space.indexOf(key)).hasValue(i);
            assertThat(space.validate(key)).isEmpty();
            assertThat(space.indexOf(actual.get(i))).hasValue(i);
            assertThat(space.indexOf(actual.get(i).plusSeconds(59))).hasValue(i);
        }
    }

    /** The {@code pick}-th transition of {@code year} (cycling), or the middle of the year if there is none. */
    private static LocalDateTime transitionOrMidYear(ZoneRules rules, int year, int pick) {
        List<ZoneOffsetTransition> transitions = new ArrayList<>();
        Instant yearStart =
                LocalDateTime.of(year, 1, 1, 0, 0).atZone(ZoneId.of("UTC")).toInstant();
        for (ZoneOffsetTransition t = rules.nextTransition(yearStart);
                t != null && t.getDateTimeBefore().getYear() == year;
                t = rules.nextTransition(t.getInstant())) {
            transitions.add(t);
        }
        if (transitions.isEmpty()) {
            return LocalDateTime.of(year, 7, 1, 0, 0);
        }
        return transitions.get(pick % transitions.size()).getDateTimeBefore();
    }

    /** Window starts at or after the (earliest) instant of the first fire time at or after {@code start}. */
    static List<Instant> reference(CronSchedule schedule, ZoneId zone, LocalDateTime start, LocalDateTime until) {
        ZoneRules rules = zone.getRules();
        TreeSet<Instant> starts = new TreeSet<>();
        Instant origin = null;
        LocalDateTime previous = null;
        for (LocalDateTime m = start.minusDays(2).withSecond(0).withNano(0); m.isBefore(until); m = m.plusMinutes(1)) {
            if (!schedule.matches(m)) {
                continue;
            }
            ZoneOffsetTransition transition = rules.getTransition(m);
            Instant earliest = ZonedDateTime.ofLocal(m, zone, null)
                    .withEarlierOffsetAtOverlap()
                    .toInstant();
            starts.add(earliest);
            if (transition != null
                    && transition.isOverlap()
                    && previous != null
                    && Duration.between(previous, m)
                                    .compareTo(transition.getDuration().abs())
                            <= 0) {
                starts.add(ZonedDateTime.ofLocal(m, zone, null)
                        .withLaterOffsetAtOverlap()
                        .toInstant());
            }
            if (origin == null && !m.isBefore(start)) {
                origin = earliest;
            }
            previous = m;
        }
        Instant first = origin;
        return first == null
                ? List.of()
                : starts.stream().filter(s -> !s.isBefore(first)).toList();
    }
}
