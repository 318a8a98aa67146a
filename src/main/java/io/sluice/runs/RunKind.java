package io.sluice.runs;

/** What a run does. */
public enum RunKind {
    /** Materializes a selection of assets (in one of the three modes). */
    MATERIALIZE,
    /** Restores one asset's table (or partition) to an earlier state, as a new write. */
    ROLLBACK
}
