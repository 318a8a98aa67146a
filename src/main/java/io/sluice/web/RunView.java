package io.sluice.web;

import io.sluice.runs.Run;
import java.util.List;

/** Everything the run page shows about one run. */
public record RunView(
        Run run,
        RunRow row,
        String config,
        List<String> partitions,
        List<StepRow> steps,
        List<MaterializationRow> materializations,
        CheckRow.Summary checks,
        List<LogRow> logs) {}
