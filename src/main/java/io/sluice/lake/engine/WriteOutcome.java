package io.sluice.lake.engine;

import java.time.Instant;

/** What applying one staged write to its table did, before checks decide whether it is kept. */
public record WriteOutcome(long rowsIn, long rowsInserted, long rowsRemoved, Instant systemTime, String rejection) {

    public static WriteOutcome rejected(long rowsIn, String reason) {
        return new WriteOutcome(rowsIn, 0, 0, null, reason);
    }

    public static WriteOutcome of(long rowsIn, long inserted, long removed) {
        return new WriteOutcome(rowsIn, inserted, removed, null, null);
    }

    public boolean isRejected() {
        return rejection != null;
    }
}
