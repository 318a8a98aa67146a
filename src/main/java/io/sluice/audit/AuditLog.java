package io.sluice.audit;

import java.util.List;

/** The append-only audit log: events are inserted and never updated or deleted. */
public interface AuditLog {

    void record(AuditEvent event);

    /** Appends many events in one batch, in the caller's transaction (or one of its own). */
    void recordAll(List<AuditEvent> events);

    /** Events of one run, oldest first. */
    List<AuditEvent> forRun(String runId);

    /** Newest events first. */
    List<AuditEvent> latest(int limit);

    /**
     * Events matching the search's filter, newest first: at most {@code limit}, all with an id below its
     * {@code beforeId}. The one way every list of the audit trail filters.
     */
    List<AuditEvent> search(AuditSearch search);
}
