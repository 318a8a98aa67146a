package io.sluice.web;

import java.util.List;

/**
 * The launchpad's dry run: exactly what a launch of the form would run, as the planner planned it. {@code runs} are the
 * planned runs (a run preview has one), at most {@link #RUNS_SHOWN} of them listed; {@code keys} says which entity
 * keys, or how they will be resolved when they are not known before the run starts; {@code upstream} warns of what the
 * selection reads outside itself that was not materialized (its runs would fail), each with a link that adds the
 * upstream asset to the selection.
 */
public record LaunchPreview(
        boolean backfill,
        String mode,
        List<String> assets,
        int runCount,
        long partitionCount,
        List<String> partitions,
        String keys,
        List<PlannedRunRow> runs,
        String config,
        String curl,
        List<UpstreamWarning> upstream) {

    static final int RUNS_SHOWN = 20;

    /** One planned run: its place in the plan, its assets, its partitions and the runs it waits for. */
    public record PlannedRunRow(int sequence, String assets, String partitions, String after) {}

    /**
     * What an asset of the selection reads that is missing upstream: the sentence, the upstream asset and the launchpad
     * address with it ticked too.
     */
    public record UpstreamWarning(String asset, String upstream, String message, String addHref, String domId) {}

    public int hiddenRuns() {
        return runCount - runs.size();
    }
}
