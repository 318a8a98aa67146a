package io.sluice.runs.execute;

/** Where a run this node claimed is, as a drain sees it. */
public enum RunPhase {
    /** Claimed by a group whose worker has not begun it: it can go back to the queue at once. */
    CLAIMED,
    /** Its worker executes it. */
    RUNNING,
    /** Its end or hand back is stored, or it was taken from its group: only its group's worker still holds it. */
    LEAVING
}
