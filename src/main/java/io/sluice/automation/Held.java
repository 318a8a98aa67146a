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
        NOT_UPDATED_SINCE_TICK
    }

    public Held {
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(detail, "detail");
    }
}
