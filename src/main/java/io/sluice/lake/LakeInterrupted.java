package io.sluice.lake;

/**
 * Thrown by the lake to a run whose work it stopped because a cancel of the run was asked for ({@link Lake#interrupt}):
 * the statement that was running was interrupted and its transaction rolled back, or new work was refused.
 */
public final class LakeInterrupted extends RuntimeException {

    public LakeInterrupted(String runId, Throwable cause) {
        super("run " + runId + " was canceled: its lake work was interrupted and rolled back", cause);
    }
}
