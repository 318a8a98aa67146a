package io.sluice.lake.benchmark;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The merge benchmark's targets on a 2-core machine: (b) at most 3x the floor (a), (c) at most 1x, (d) at most
 * 200 ms, (e) at most 20 ms. Judges a run's figures against them; a figure without a target is left out.
 */
public final class BenchmarkTargets {

    /** A target: the step, and its limit as a ratio to (a) or in milliseconds. */
    record Target(String step, double limit, boolean ratioToFloor) {}

    static final List<Target> TARGETS = List.of(
            new Target("b", 3, true),
            new Target("c", 1, true),
            new Target("d", 200, false),
            new Target("e", 20, false));

    private BenchmarkTargets() {}

    /** One line per target whose step is among {@code figures} (the first of which is the floor (a)): met or missed. */
    public static List<String> report(List<MergeBenchmark.Figure> figures) {
        if (figures.isEmpty() || !figures.get(0).step().equals("a")) {
            throw new IllegalArgumentException("the first figure must be the floor (a)");
        }
        double floor = figures.get(0).millis();
        List<String> lines = new ArrayList<>();
        for (Target target : TARGETS) {
            for (MergeBenchmark.Figure figure : figures) {
                if (figure.step().equals(target.step())) {
                    double value = target.ratioToFloor() ? figure.millis() / floor : figure.millis();
                    String unit = target.ratioToFloor() ? "x (a)" : " ms";
                    lines.add(String.format(
                            Locale.ROOT,
                            "(%s) at most %s%s: %s%s, %s",
                            target.step(),
                            number(target.limit()),
                            unit,
                            target.ratioToFloor()
                                    ? String.format(Locale.ROOT, "%.3f", value)
                                    : String.format(Locale.ROOT, "%.2f", value),
                            unit,
                            value <= target.limit() ? "met" : "MISSED"));
                }
            }
        }
        return lines;
    }

    /** PostgreSQL's targets, as ratios to DuckDB's figure of the same step in the same run: (b) at most 5x, (e) 3x. */
    static final List<Target> POSTGRES_TARGETS = List.of(new Target("b", 5, false), new Target("e", 3, false));

    /**
     * One line per PostgreSQL target whose step both runs have: the PostgreSQL figure's ratio to DuckDB's, met or
     * missed.
     */
    public static List<String> versusDuckDb(List<MergeBenchmark.Figure> duckDb, List<MergeBenchmark.Figure> postgres) {
        List<String> lines = new ArrayList<>();
        for (Target target : POSTGRES_TARGETS) {
            Optional<MergeBenchmark.Figure> duck = step(duckDb, target.step());
            Optional<MergeBenchmark.Figure> pg = step(postgres, target.step());
            if (duck.isPresent() && pg.isPresent()) {
                double ratio = pg.get().millis() / duck.get().millis();
                lines.add(String.format(
                        Locale.ROOT,
                        "(%s) PostgreSQL at most %sx DuckDB's: %.1f ms / %.1f ms = %.2fx, %s",
                        target.step(),
                        number(target.limit()),
                        pg.get().millis(),
                        duck.get().millis(),
                        ratio,
                        ratio <= target.limit() ? "met" : "MISSED"));
            }
        }
        return lines;
    }

    /** The figure of {@code step} among {@code figures}, if any. */
    public static Optional<MergeBenchmark.Figure> step(List<MergeBenchmark.Figure> figures, String step) {
        return figures.stream().filter(f -> f.step().equals(step)).findFirst();
    }

    private static String number(double limit) {
        return limit == Math.rint(limit) ? Long.toString((long) limit) : Double.toString(limit);
    }
}
