package io.sluice.web;

import io.sluice.backfill.ProgressCounts;
import io.sluice.backfill.ProgressStatus;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A backfill's progress bar, split by status: one part each for the partitions that succeeded, failed, were canceled
 * while they ran, were skipped (never ran) and are running, as wide as their share; what is still queued is the empty
 * rest of the bar. {@code percent} is the share that ran (succeeded, failed or canceled), so a backfill canceled early
 * does not read as done. Pure.
 */
record ProgressBar(long total, int percent, List<Part> parts, List<Part> legend, String text) {

    /** What the bar draws, in this order. */
    static final List<ProgressStatus> DRAWN = List.of(
            ProgressStatus.SUCCEEDED,
            ProgressStatus.FAILED,
            ProgressStatus.CANCELED,
            ProgressStatus.SKIPPED,
            ProgressStatus.RUNNING);

    /** What the text and the legend name, in this order. */
    static final List<ProgressStatus> LEGEND = List.of(
            ProgressStatus.SUCCEEDED,
            ProgressStatus.FAILED,
            ProgressStatus.CANCELED,
            ProgressStatus.SKIPPED,
            ProgressStatus.RUNNING,
            ProgressStatus.QUEUED);

    /** What the text names even when there are none. */
    private static final Set<ProgressStatus> ALWAYS = EnumSet.of(ProgressStatus.SUCCEEDED);

    /** One status: its count, its share of the bar (a CSS width; the legend has none) and its words. */
    record Part(ProgressStatus status, long count, String width) {

        public String css() {
            return "ps-" + status.name();
        }

        public String label() {
            return Format.count(count) + " " + status.label();
        }
    }

    static ProgressBar of(ProgressCounts counts) {
        long total = counts.total();
        List<Part> parts = new ArrayList<>();
        for (ProgressStatus s : DRAWN) {
            long n = counts.get(s);
            if (n > 0) {
                parts.add(new Part(s, n, String.format(Locale.ROOT, "%.3f%%", 100.0 * n / total)));
            }
        }
        int percent = total == 0 ? 0 : (int) (counts.ran() * 100 / total);
        List<Part> legend = new ArrayList<>();
        for (ProgressStatus s : LEGEND) {
            if (counts.get(s) > 0 || ALWAYS.contains(s)) {
                legend.add(new Part(s, counts.get(s), ""));
            }
        }
        String text = Format.count(counts.ran()) + " of " + Format.count(total) + " ran: "
                + legend.stream().map(Part::label).collect(Collectors.joining(", "));
        return new ProgressBar(total, percent, List.copyOf(parts), List.copyOf(legend), text);
    }
}
