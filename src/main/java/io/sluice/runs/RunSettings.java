package io.sluice.runs;

import io.sluice.runs.dispatch.RetryPolicy;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** {@code sluice.runs.*}: how runs execute in this process. */
@ConfigMapping(prefix = "sluice.runs")
public interface RunSettings {

    /** Worker threads that execute runs. */
    @WithDefault("4")
    int workers();

    /** Whether this process executes queued runs (false: it only serves the API and UI). */
    @WithDefault("true")
    boolean execute();

    /**
     * How many times a run of a group that died with the process (kill -9, crash) is run in all, counting the first (the
     * {@link RetryPolicy} of the group's launcher applies it).
     */
    @WithDefault("3")
    int maxAttempts();

    /** Keys per batch handed to a keyed asset. */
    @WithDefault("5000")
    int batchSize();

    /**
     * Most queued runs of one group a worker claims and executes as a group (their writes stored together).
     * 1 turns grouping off.
     */
    @WithDefault("128")
    int groupMaxRuns();

    /**
     * About how long a group should take at its runs' recent pace, in milliseconds: fast runs are claimed many
     * at once, runs slower than this one at a time. A claimed run waiting its turn in a group shows STARTED.
     */
    @WithDefault("200")
    long groupTargetMillis();

    /** The longest a run's writes (log lines, step states) wait in memory before they are stored, in milliseconds. */
    @WithDefault("250")
    long flushMillis();

    /**
     * What a launch of an asset partition that a queued or started run already covers does: queued behind it (the
     * default, Dagster's run queue), or refused as a conflict. A rollback is never queued.
     */
    @WithDefault("queue")
    BusyPartition busyPartition();

    enum BusyPartition {
        /** Refused as a conflict, nothing stored: for a deployment whose scripts want to know at once. */
        REFUSE,
        /** Stored QUEUED; it starts once every earlier run of the partition has ended. */
        QUEUE
    }
}
