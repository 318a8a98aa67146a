package io.sluice.web;

import io.sluice.runs.Run;
import java.util.List;

/**
 * Everything the run page shows about one run: its summary, steps, writes, checks, its log (filtered by
 * {@code logFilter}; {@code logError} says why a filter was not read), the timeline, what launched it, the first line of
 * its error (the rest folded), whether some step did not succeed (to re-execute only those) and the id of the last log
 * line shown, after which the live stream goes on; for a queued run, where it stands in the queue (else null).
 */
public record RunView(
        Run run,
        RunRow row,
        String config,
        List<String> partitions,
        List<StepRow> steps,
        List<MaterializationRow> materializations,
        CheckRow.Summary checks,
        List<LogRow> logs,
        Timeline timeline,
        List<OriginLink> origins,
        String errorSummary,
        LogFilter logFilter,
        String logError,
        boolean someStepFailed,
        long lastLogId,
        QueueView queue) {

    public String logQuery() {
        return logFilter.query();
    }

    /** Where the page's script reads the log lines after those shown, filtered the same way. */
    public String streamUrl() {
        String filter = logFilter.query();
        return "/runs/" + OriginLink.encode(run.id()) + "/log/stream?after=" + lastLogId
                + (filter.isEmpty() ? "" : "&" + filter.substring(1));
    }

    /** Whether the run can be executed again from its page (it ended, and is not a rollback). */
    public boolean reexecutable() {
        return run.status().isTerminal() && run.kind() != io.sluice.runs.RunKind.ROLLBACK;
    }

    public List<String> levels() {
        return LogFilter.LEVELS;
    }
}
