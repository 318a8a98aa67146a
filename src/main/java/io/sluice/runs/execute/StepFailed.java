package io.sluice.runs.execute;

/** A step failed for a reason the user can read (a rejected batch, a failed check); no stack trace needed. */
final class StepFailed extends RuntimeException {
    StepFailed(String message) {
        super(message, null, false, false);
    }
}
