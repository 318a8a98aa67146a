package io.sluice.web;

import io.sluice.runs.Materialization;
import io.sluice.runs.Run;
import io.sluice.runs.RunStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run's timeline: one bar per step and, under it, one per write the step made (a partition, a range, or the whole
 * asset), each placed and sized in proportion to the run's duration so far. Empty until the run starts.
 */
public record Timeline(String span, List<Bar> bars) {

    /** One bar; {@code left} and {@code width} are percentages of the run's duration, as CSS reads them. */
    public record Bar(String label, String status, String left, String width, String duration, boolean write) {}

    static final double MIN_WIDTH = 0.4;

    public boolean empty() {
        return bars.isEmpty();
    }

    static Timeline of(Run run, List<Materialization> writes, Instant now) {
        if (run.startedAt() == null) {
            return new Timeline("", List.of());
        }
        Instant start = run.startedAt();
        Instant end = run.endedAt() == null ? now : run.endedAt();
        long total = Math.max(1, Duration.between(start, end).toMillis());
        List<Bar> bars = new ArrayList<>();
        for (RunStep step : run.steps()) {
            if (step.startedAt() == null) {
                bars.add(new Bar(step.asset().toString(), step.status().name(), "0", "0", notStarted(step), false));
                continue;
            }
            Instant stepEnd = step.endedAt() == null ? end : step.endedAt();
            bars.add(
                    bar(step.asset().toString(), step.status().name(), start, step.startedAt(), stepEnd, total, false));
            for (Materialization m : writes) {
                if (m.asset().equals(step.asset()) && m.ts() != null) {
                    Instant writeStart = m.ts().minusMillis(Math.max(0, m.durationMs()));
                    String label = m.partition() == null || m.partition().isEmpty() ? "write" : m.partition();
                    bars.add(bar(label, "SUCCESS", start, writeStart, m.ts(), total, true));
                }
            }
        }
        return new Timeline(Format.millis(total), bars);
    }

    /** What a step that has not started is: queued (its turn comes), or why it never ran. */
    static String notStarted(RunStep step) {
        return switch (step.status()) {
            case QUEUED -> "queued";
            case SKIPPED -> "skipped";
            case CANCELED -> "canceled";
            default -> "not run";
        };
    }

    private static Bar bar(
            String label, String status, Instant runStart, Instant from, Instant to, long total, boolean write) {
        long offset = clamp(Duration.between(runStart, from).toMillis(), 0, total);
        long length = clamp(Duration.between(from, to).toMillis(), 0, total - offset);
        double left = 100.0 * offset / total;
        double width = Math.max(MIN_WIDTH, Math.min(100.0 - left, 100.0 * length / total));
        return new Bar(label, status, percent(left), percent(width), Format.millis(length), write);
    }

    private static long clamp(long value, long min, long max) {
        return Math.max(min, Math.min(max, value));
    }

    private static String percent(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
