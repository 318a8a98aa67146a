package io.sluice.automation;

import java.time.Instant;
import java.util.Objects;

/** How a run a trigger launched ended, and when: what the evaluator needs to decide on a retry. */
public record RunEnd(Outcome outcome, Instant at) {

    public enum Outcome {
        SUCCEEDED,
        /** It failed, or the process running it died (a crash is recorded as a failure at the next start). */
        FAILED,
        /** Someone canceled it: not retried. */
        CANCELED
    }

    public RunEnd {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(at, "at");
    }
}
