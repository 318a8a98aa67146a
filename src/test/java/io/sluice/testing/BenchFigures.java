package io.sluice.testing;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.List;

/** What the benchmarks print their figures with: percentiles of sorted samples, milliseconds, the machine's load. */
public final class BenchFigures {

    private BenchFigures() {}

    /** The {@code p}th percentile (nearest rank) of samples sorted ascending. */
    public static long pct(List<Long> sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }

    public static double ms(long nanos) {
        return nanos / 1_000_000.0;
    }

    /** {@code uptime}'s line (the load averages), or "unknown" where it cannot be run. */
    public static String uptime() {
        try {
            Process p = new ProcessBuilder("uptime").start();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
                return r.readLine();
            }
        } catch (Exception e) {
            return "unknown";
        }
    }
}
