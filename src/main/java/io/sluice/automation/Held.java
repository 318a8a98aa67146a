package io.sluice.automation;

import java.util.Objects;

/** A partition a trigger wanted to launch but held, why (for the automation page), and the detail a user can act on. */
public record Held(AssetPartition partition, Reason reason, String detail) {

    public enum Reason {
        /** Some upstream partitions it reads are not materialized yet. */
        UPSTREAM_MISSING,
        /** It reads upstream partitions that do not exist yet, and the dependency does not allow that. */
        UPSTREAM_NOT_YET_EXISTING,
        /** An upstream partition it reads failed a blocking check. */
        FAILED_CHECK,
        /** {@code on_cron}: an upstream has not been updated since the tick. */
        NOT_UPDATED_SINCE_TICK,
        /**
         * {@code eager}: an upstream partition it reads is queued or running, or a running backfill targets it; the
         * detail names the run or backfill. It launches once the upstream is quiet, over everything that landed.
         */
        UPSTREAM_IN_PROGRESS,
        /** {@code eager}: its last run failed; the detail says which, the attempt, and when the next one starts. */
        RETRY_BACKOFF
    }

    public Held {
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(detail, "detail");
    }
}
