package io.sluice.audit;

import java.time.Instant;
import java.util.Optional;

/**
 * A page of the audit trail, newest first: the events {@code filter} keeps, with an id below {@code beforeId} (all when
 * empty; the pages' keyset), after skipping {@code offset} of them (the API's offset), at most {@code limit}.
 */
public record AuditSearch(AuditFilter filter, Optional<Long> beforeId, int offset, int limit) {

    public static final int MAX_LIMIT = 10_000;

    public AuditSearch {
        filter = filter == null ? AuditFilter.NONE : filter;
        beforeId = beforeId == null ? Optional.empty() : beforeId;
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT);
        }
        if (offset < 0) {
            throw new IllegalArgumentException("offset must be >= 0");
        }
    }

    /** The events by actor, action, target and time, keyset-paged, as the audit page reads them. */
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
                0,
                limit);
    }

    /** The first {@code limit} events {@code filter} keeps. */
    public static AuditSearch of(AuditFilter filter, int limit) {
        return new AuditSearch(filter, Optional.empty(), 0, limit);
    }

    /** The same filters, for the page after the event {@code lastId}. */
    public AuditSearch after(long lastId) {
        return new AuditSearch(filter, Optional.of(lastId), offset, limit);
    }
}
