package io.sluice.alerts;

/** What a rule reacts to; each has a cause that clears it, or none (a one-off event). */
public enum AlertCause {
    RUN_FAILED("a run failed", true),
    BACKFILL_FINISHED("a backfill completed", false),
    BACKFILL_FAILED("a backfill ended with failed partitions or was canceled", true),
    BLOCKING_CHECK_FAILED("a blocking check failed", true),
    WARNING_CHECK_FAILED("a warning check failed", true),
    ROW_COUNT_ANOMALY("a row count left its tolerance against history", true),
    FRESHNESS_VIOLATED("an asset or a partition is late", true),
    RUN_TOO_LONG("a run has run longer than its maximum duration", true),
    TICK_FAILED("a schedule or sensor tick failed", true),
    NODE_LOST("a node stopped renewing its lease", false);

    private final String sentence;
    private final boolean clears;

    AlertCause(String sentence, boolean clears) {
        this.sentence = sentence;
        this.clears = clears;
    }

    /** What happened, as a clause: "a run failed". */
    public String sentence() {
        return sentence;
    }

    /** Whether a later event clears it (a run succeeds again, the asset is fresh again), which sends a resolved notification. */
    public boolean clears() {
        return clears;
    }
}
