package io.sluice.lake;

import java.time.Instant;
import java.util.List;

/**
 * What publishing a staged write did. When a blocking check failed, {@code published} is false and the
 * table is exactly as it was.
 */
public record Publication(
        boolean published,
        String rejection,
        long rowsIn,
        long rowsInserted,
        long rowsRemoved,
        Instant systemTime,
        long currentRows,
        List<CheckResult> checks) {

    public Publication {
        checks = List.copyOf(checks);
    }

    /** Rows the write added or closed/removed: zero for a rerun that changed nothing. */
    public long rowsChanged() {
        return rowsInserted + rowsRemoved;
    }
}
