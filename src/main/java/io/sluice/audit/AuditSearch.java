package io.sluice.audit;

import java.time.Instant;
import java.util.Optional;

/**
 * A page of the audit trail, newest first, read by keyset: the events {@code filter} keeps, with an id below
 * {@code beforeId} (from the newest when empty), at most {@code limit}.
 */
public record AuditSearch(AuditFilter filter, Optional<Long> beforeId, int limit) {

    public static final int MAX_LIMIT = 10_000;

    public AuditSearch {
        filter = filter == null ? AuditFilter.NONE : filter;
        beforeId = beforeId == null ? Optional.empty() : beforeId;
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT);
        }
    }

    /** The events by actor, action, target and time, keyset-paged. */
    public AuditSearch(
            Optional<String> actor,
            Optional<AuditAction> action,
            Optional<String> target,
            Optional<Instant> from,
            Optional<Instant> to,
            Optional<Long> beforeId,
            int limit) {
        this(
                new AuditFilter(actor, action, target, Optional.empty(), Optional.empty(), Optional.empty(), from, to),
                beforeId,
                limit);
    }

    /** The first {@code limit} events {@code filter} keeps. */
    public static AuditSearch of(AuditFilter filter, int limit) {
        return new AuditSearch(filter, Optional.empty(), limit);
    }

    /** The same filters, for the page after the event {@code lastId}. */
    public AuditSearch after(long lastId) {
        return new AuditSearch(filter, Optional.of(lastId), limit);
    }
}
