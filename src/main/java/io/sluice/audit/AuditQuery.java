package io.sluice.audit;

import java.time.Instant;
import java.util.Optional;

/** A filter over the audit log, newest first. */
public record AuditQuery(
        Optional<String> asset,
        Optional<String> backfill,
        Optional<String> run,
        Optional<String> actor,
        Optional<Instant> from,
        Optional<Instant> to,
        int limit,
        int offset) {

    public AuditQuery {
        if (limit < 1 || limit > 10_000) {
            throw new IllegalArgumentException("limit must be between 1 and 10000");
        }
    }
}
