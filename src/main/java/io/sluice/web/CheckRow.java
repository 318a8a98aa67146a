package io.sluice.web;

import io.sluice.lake.AssetCheck;
import io.sluice.lake.CheckResult;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.RunService;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One asset check of a run on the run page: what it found against its threshold, and the sample of violating rows
 * as {@code column=value} lines (the first {@link #SAMPLE_ROWS} of the {@code sampleSize} stored). {@code outcome} is "passed", "failed" (a blocking check: the write was not
 * published) or "warning" (a WARN check, run after the publish); {@code css} the status class it is shown with.
 */
public record CheckRow(
        String asset,
        String partition,
        String name,
        String severity,
        String outcome,
        String css,
        String observed,
        String threshold,
        String message,
        List<String> sample,
        int sampleSize) {

    /** At most this many violating rows are listed (the store keeps a sample; the API serves all of it). */
    static final int SAMPLE_ROWS = 10;

    static CheckRow of(RecordedCheck check) {
        CheckResult r = check.result();
        boolean blocking = r.severity() == AssetCheck.Severity.ERROR;
        String outcome = r.passed() ? "passed" : blocking ? "failed" : "warning";
        String css = r.passed() ? "s-SUCCESS" : blocking ? "s-FAILURE" : "s-QUEUED";
        List<String> sample =
                r.sample().stream().limit(SAMPLE_ROWS).map(CheckRow::line).toList();
        return new CheckRow(
                check.asset().toString(),
                check.partition() == null ? "" : check.partition(),
                r.name(),
                r.severity().name(),
                outcome,
                css,
                text(r.observed()),
                text(r.threshold()),
                text(r.message()),
                sample,
                r.sample().size());
    }

    /** Most check results a run page lists (a run of many partitions records its checks once per partition). */
    static final int MAX_ROWS = 200;

    /**
     * The checks of one run as the page shows them: at most {@link #MAX_ROWS}, failures first (as the store reads them),
     * and how many there are of each outcome.
     */
    public record Summary(List<CheckRow> rows, RunEventLog.CheckCounts counts) {

        static Summary of(RunService.CheckPage page) {
            return new Summary(page.shown().stream().map(CheckRow::of).toList(), page.counts());
        }

        public boolean any() {
            return counts.total() > 0;
        }

        /** How many results the page leaves out (the API serves them all). */
        public long hidden() {
            return counts.total() - rows.size();
        }
    }

    /** What keeps a sample open across the live fragment's refreshes: the check's asset, partition and name. */
    public String keep() {
        return "check " + asset + " " + partition + " " + name;
    }

    /** Whether this check kept a write from being published. */
    public boolean blocked() {
        return "failed".equals(outcome);
    }

    private static String line(Map<String, Object> row) {
        return row.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }
}
