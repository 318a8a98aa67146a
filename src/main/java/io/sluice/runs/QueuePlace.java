package io.sluice.runs;

import java.util.List;

/**
 * Where a queued run stands, Dagster's run queue as the run page and {@code GET /api/runs/{id}} show it: the runs it
 * waits for, and its place in the line for its asset partitions.
 *
 * @param position its place in the line of runs waiting for one of its asset partitions, first come first served: 1 when
 *     it starts as soon as the runs holding them end, 2 behind one other waiting run, ...; 0 when it waits for no
 *     asset partition (for a worker, its pool or group, or upstream runs)
 * @param ahead the runs that hold one of its asset partitions or wait for one and were queued before it: it starts once
 *     each has ended
 * @param upstream the runs of its group that it waits for (they materialize what it reads) and that have not succeeded
 *     yet, the first {@link #LISTED}
 * @param upstreamCount how many such runs there are in all
 */
public record QueuePlace(int position, List<Waited> ahead, List<Waited> upstream, long upstreamCount) {

    /** Upstream runs named at most; the rest are counted. */
    public static final int LISTED = 20;

    /** A run that waits for nothing: it starts when a worker, its pool and its group let it. */
    public static final QueuePlace NOTHING = new QueuePlace(0, List.of(), List.of(), 0);

    public QueuePlace {
        if (position < 0 || upstreamCount < 0) {
            throw new IllegalArgumentException("position and upstreamCount are never negative");
        }
        ahead = List.copyOf(ahead);
        upstream = List.copyOf(upstream);
    }

    /** A run waited for: its id and status and what of the waiting run's it holds or reads ("asset a/b partition p"). */
    public record Waited(String runId, RunStatus status, String covers) {}

    /** Whether the run waits for another run (rather than only for a worker, its pool or its group). */
    public boolean waitsForRuns() {
        return !ahead.isEmpty() || upstreamCount > 0;
    }
}
