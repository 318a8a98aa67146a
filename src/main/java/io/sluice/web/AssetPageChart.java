package io.sluice.web;

import io.sluice.runs.Materialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rows-written chart of an asset page, as an inline SVG drawn on the server: one bar per materialization, oldest
 * on the left and the newest at the right edge, heights relative to the largest. Coordinates are in a {@value #WIDTH} by {@value #HEIGHT} view box.
 */
public record AssetPageChart(List<Bar> bars, String max) {

    static final int WIDTH = 800;
    static final int HEIGHT = 120;
    static final int MIN_SLOTS = 25;

    /** One bar; {@code title} says when, which partition and how many rows. */
    public record Bar(String x, String y, String width, String height, String title, String runId) {}

    /** The chart of {@code newestFirst} (the asset page's history); no bars when there is none. */
    static AssetPageChart of(List<Materialization> newestFirst) {
        List<Materialization> ordered = new ArrayList<>(newestFirst);
        java.util.Collections.reverse(ordered);
        long max =
                ordered.stream().mapToLong(Materialization::rowsWritten).max().orElse(0);
        List<Bar> bars = new ArrayList<>();
        int n = ordered.size();
        // at least MIN_SLOTS slots, so that a few materializations are bars, not blocks; the newest at the right edge
        double slot = (double) WIDTH / Math.max(n, MIN_SLOTS);
        double left = WIDTH - n * slot;
        for (int i = 0; i < n; i++) {
            Materialization m = ordered.get(i);
            double h = max == 0 ? 0 : (HEIGHT - 1.0) * m.rowsWritten() / max;
            h = m.rowsWritten() > 0 ? Math.max(h, 1) : 0; // a bar that wrote rows stays visible
            bars.add(new Bar(
                    num(left + i * slot + slot * 0.1),
                    num(HEIGHT - h),
                    num(slot * 0.8),
                    num(h),
                    Format.time(m.ts()) + " UTC" + (m.partition() == null ? "" : ", partition " + m.partition()) + ": "
                            + Format.count(m.rowsWritten(), "row", "rows"),
                    m.runId()));
        }
        return new AssetPageChart(bars, Format.count(max, "row", "rows"));
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
