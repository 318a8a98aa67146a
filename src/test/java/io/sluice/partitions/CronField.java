package io.sluice.partitions;

import io.sluice.testing.Draw;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Set;
import java.util.TreeSet;

/** One generated cron field: its text and, independently of the parser, the values it stands for. */
record CronField(String text, Set<Integer> values, boolean star) {

    /** A star, a single value, a list of 2 to 4, a step or a range, with these weights. */
    static CronField field(
            Draw d,
            int min,
            int max,
            int starWeight,
            int singleWeight,
            int listWeight,
            int stepWeight,
            int rangeWeight) {
        switch (d.weighted(starWeight, singleWeight, listWeight, stepWeight, rangeWeight)) {
            case 0:
                return new CronField("*", all(min, max, 1), true);
            case 1:
                int v = d.between(min, max);
                return new CronField(String.valueOf(v), Set.of(v), false);
            case 2:
                Set<Integer> values = new TreeSet<>(d.setOf(2, 4, () -> d.between(min, max)));
                return new CronField(
                        String.join(",", values.stream().map(String::valueOf).toList()), values, false);
            case 3:
                int s = d.between(2, Math.max(2, (max - min) / 2));
                return new CronField("*/" + s, all(min, max, s), true);
            default:
                int a = d.between(min, max);
                int b = d.between(min, max);
                return new CronField(
                        Math.min(a, b) + "-" + Math.max(a, b), all(Math.min(a, b), Math.max(a, b), 1), false);
        }
    }

    private static Set<Integer> all(int from, int to, int step) {
        Set<Integer> out = new TreeSet<>();
        for (int v = from; v <= to; v += step) {
            out.add(v);
        }
        return out;
    }

    /** Five fields and a naive matcher, for checking the parser and the arithmetic against. */
    record Cron(CronField minute, CronField hour, CronField dayOfMonth, CronField month, CronField dayOfWeek) {

        String expression() {
            return minute.text() + " " + hour.text() + " " + dayOfMonth.text() + " " + month.text() + " "
                    + dayOfWeek.text();
        }

        boolean matchesDay(LocalDate day) {
            if (!month.values().contains(day.getMonthValue())) {
                return false;
            }
            boolean byMonthDay = dayOfMonth.values().contains(day.getDayOfMonth());
            boolean byWeekDay = dayOfWeek.values().contains(day.getDayOfWeek().getValue() % 7);
            return dayOfMonth.star() || dayOfWeek.star() ? byMonthDay && byWeekDay : byMonthDay || byWeekDay;
        }

        boolean matches(LocalDateTime time) {
            return matchesDay(time.toLocalDate())
                    && hour.values().contains(time.getHour())
                    && minute.values().contains(time.getMinute());
        }

        @Override
        public String toString() {
            return expression();
        }
    }

    static Cron cron(Draw d) {
        return new Cron(
                field(d, 0, 59, 1, 6, 3, 3, 1),
                field(d, 0, 23, 5, 4, 2, 2, 2),
                field(d, 1, 31, 12, 2, 1, 1, 1),
                field(d, 1, 12, 14, 1, 1, 1, 1),
                field(d, 0, 6, 10, 2, 1, 1, 2));
    }
}
