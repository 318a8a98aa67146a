package io.sluice.audit;

import java.time.Instant;
import java.util.Optional;

/**
 * A filter over the audit log for people, newest first and keyset-paged: the events with an id below {@code beforeId}
 * (all when empty) that match every filter given. {@code target} is what an event is about: a run or backfill id, an
 * asset key among its assets, or a name its detail gives (a pool, schedule, sensor, table, partitions definition).
 */
public record AuditSearch(
        Optional<String> actor,
        Optional<AuditAction> action,
        Optional<String> target,
        Optional<Instant> from,
        Optional<Instant> to,
        Optional<Long> beforeId,
        int limit) {

    public static final int MAX_LIMIT = 10_000;

    public AuditSearch {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT);
        }
    }

    /** The same filters, for the page after the event {@code lastId}. */
    public AuditSearch after(long lastId) {
        return new AuditSearch(actor, action, target, from, to, Optional.of(lastId), limit);
    }
}
