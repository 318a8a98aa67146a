package io.sluice.runs;

/** How one asset step of a run ended. */
record StepOutcome(RunStatus status, long keyCount, long batchCount, long rowsWritten, String error) {

    static StepOutcome of(RunStatus status) {
        return new StepOutcome(status, 0, 0, 0, null);
    }
}
