package io.sluice.partitions;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** One generated cron field: its text and, independently of the parser, the values it stands for. */
record CronField(String text, Set<Integer> values, boolean star) {

    static Arbitrary<CronField> field(int min, int max, int starWeight, int singleWeight, int listWeight, int stepWeight,
                                      int rangeWeight) {
        Arbitrary<Integer> value = Arbitraries.integers().between(min, max);
        Arbitrary<CronField> star = Arbitraries.just(new CronField("*", all(min, max, 1), true));
        Arbitrary<CronField> single = value.map(v -> new CronField(String.valueOf(v), Set.of(v), false));
        Arbitrary<CronField> list = value.set().ofMinSize(2).ofMaxSize(4).map(values -> new CronField(
                String.join(",", new TreeSet<>(values).stream().map(String::valueOf).toList()), new TreeSet<>(values), false));
        Arbitrary<CronField> step = Arbitraries.integers().between(2, Math.max(2, (max - min) / 2))
                .map(s -> new CronField("*/" + s, all(min, max, s), true));
        Arbitrary<CronField> range = Combinators.combine(value, value).as((a, b) -> new CronField(Math.min(a, b) + "-" + Math.max(a, b),
                all(Math.min(a, b), Math.max(a, b), 1), false));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(starWeight, star), net.jqwik.api.Tuple.of(singleWeight, single),
                net.jqwik.api.Tuple.of(listWeight, list), net.jqwik.api.Tuple.of(stepWeight, step),
                net.jqwik.api.Tuple.of(rangeWeight, range));
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
            return minute.text() + " " + hour.text() + " " + dayOfMonth.text() + " " + month.text() + " " + dayOfWeek.text();
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
            return matchesDay(time.toLocalDate()) && hour.values().contains(time.getHour())
                    && minute.values().contains(time.getMinute());
        }

        @Override
        public String toString() {
            return expression();
        }
    }

    static Arbitrary<Cron> crons() {
        return Combinators.combine(field(0, 59, 1, 6, 3, 3, 1), field(0, 23, 5, 4, 2, 2, 2), field(1, 31, 12, 2, 1, 1, 1),
                field(1, 12, 14, 1, 1, 1, 1), field(0, 6, 10, 2, 1, 1, 2)).as(Cron::new);
    }
}
