package io.sluice.runs;

import java.util.EnumSet;
import java.util.Set;

/** Status of a run and of each asset step inside it. */
public enum RunStatus {
    QUEUED,
    STARTED,
    SUCCESS,
    FAILURE,
    CANCELED,
    SKIPPED;

    public static final Set<RunStatus> FINISHED = EnumSet.of(SUCCESS, FAILURE, CANCELED, SKIPPED);

    public boolean isTerminal() {
        return FINISHED.contains(this);
    }

    public boolean canTransitionTo(RunStatus next) {
        return switch (this) {
            case QUEUED -> next == STARTED || next == CANCELED || next == SKIPPED;
            case STARTED -> next == SUCCESS || next == FAILURE || next == CANCELED;
            default -> false;
        };
    }

    /** Whether downstream steps may run after a step with this status. */
    public boolean letsDownstreamRun() {
        return this == SUCCESS;
    }
}
