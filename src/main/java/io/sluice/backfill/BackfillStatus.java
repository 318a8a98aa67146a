package io.sluice.backfill;

import java.util.EnumSet;
import java.util.Set;

/** Status of a backfill. */
public enum BackfillStatus {
    RUNNING,
    PAUSED,
    COMPLETED,
    FAILED,
    CANCELED;

    public static final Set<BackfillStatus> FINISHED = EnumSet.of(COMPLETED, FAILED, CANCELED);

    public boolean isTerminal() {
        return FINISHED.contains(this);
    }
}
