package io.sluice.runs.execute;

import io.sluice.runs.RunStatus;

/**
 * How one asset step of a run ended. {@code computed} is false for a step that failed before its compute started (what
 * it reads upstream was not materialized): its partitions keep the status they had, since nothing of them was touched.
 */
record StepOutcome(RunStatus status, long keyCount, long batchCount, long rowsWritten, String error, boolean computed) {

    StepOutcome(RunStatus status, long keyCount, long batchCount, long rowsWritten, String error) {
        this(status, keyCount, batchCount, rowsWritten, error, true);
    }

    static StepOutcome of(RunStatus status) {
        return new StepOutcome(status, 0, 0, 0, null);
    }

    /** Failed before the compute started, for the reason given. */
    static StepOutcome notComputed(String error) {
        return new StepOutcome(RunStatus.FAILURE, 0, 0, 0, error, false);
    }
}
