package io.sluice.lake.engine;

import io.sluice.lake.bitemporal.WriteResult;
import java.time.Instant;

/** What applying one staged write to its table did, before checks decide whether it is kept. */
public record WriteOutcome(long rowsIn, long rowsInserted, long rowsRemoved, Instant systemTime, String rejection) {

    public static WriteOutcome rejected(long rowsIn, String reason) {
        return new WriteOutcome(rowsIn, 0, 0, null, reason);
    }

    public static WriteOutcome of(long rowsIn, long inserted, long removed) {
        return new WriteOutcome(rowsIn, inserted, removed, null, null);
    }

    /**
     * A bi-temporal merge's result as the write log records it (rejections aside). A write whose new knowledge gives the
     * same versions reports the knowledge base's instant as its system time, so that a rollback to its run restores
     * that knowledge.
     */
    public static WriteOutcome of(WriteResult result) {
        return new WriteOutcome(
                result.rowsIn(),
                result.versionsOpened(),
                result.versionsClosed(),
                result.knowledgeTime().orElse(null),
                null);
    }

    public boolean isRejected() {
        return rejection != null;
    }
}
