package io.sluice.runs.execute;

/** Thrown between batches when a cancel was requested; the step ends CANCELED. */
final class RunCanceled extends RuntimeException {
    RunCanceled() {
        super("canceled", null, false, false);
    }
}
