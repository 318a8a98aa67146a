package io.sluice.audit;

import java.time.Instant;
import java.util.Map;

/** One operator or system action, append-only: who, when, what, why and the scope. */
public record AuditEvent(
        long id,
        Instant ts,
        String actor,
        AuditAction action,
        String runId,
        String assets,
        String reason,
        Map<String, Object> detail,
        String backfillId) {

    public AuditEvent {
        detail = detail == null ? Map.of() : Map.copyOf(detail);
    }

    public static AuditEvent of(
            Instant ts,
            String actor,
            AuditAction action,
            String runId,
            String assets,
            String reason,
            Map<String, Object> detail) {
        return new AuditEvent(0, ts, actor, action, runId, assets, reason, detail, null);
    }

    /** The event about a run of a group (a backfill's runs have the backfill's id as their group, so the trail of a backfill holds them). */
    public AuditEvent withGroup(String group) {
        return withBackfill(group);
    }

    /** The same event with another detail (as a reader shows it, say, its partitions as ranges). */
    public AuditEvent withDetail(Map<String, Object> newDetail) {
        return new AuditEvent(id, ts, actor, action, runId, assets, reason, newDetail, backfillId);
    }

    public AuditEvent withBackfill(String backfill) {
        return new AuditEvent(id, ts, actor, action, runId, assets, reason, detail, backfill);
    }
}
