package io.sluice.audit;

import java.time.Instant;
import java.util.Optional;

/**
 * Which audit events a list shows: the one filter of the audit page, its CSV and {@code GET /api/audit}. Every field is
 * optional; an event is kept when it matches all of those given.
 *
 * @param target what an event is about: its run or backfill id, an asset key among its assets, or a name its detail
 *     gives (a pool, schedule, sensor, table, partitions definition)
 * @param asset an asset key among the event's assets
 * @param run the event's run id
 * @param backfill the event's backfill id
 * @param from events at or after it
 * @param to events before it
 */
public record AuditFilter(
        Optional<String> actor,
        Optional<AuditAction> action,
        Optional<String> target,
        Optional<String> asset,
        Optional<String> run,
        Optional<String> backfill,
        Optional<Instant> from,
        Optional<Instant> to) {

    /** Every event. */
    public static final AuditFilter NONE = new AuditFilter(
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty());

    public AuditFilter {
        actor = orEmpty(actor);
        action = orEmpty(action);
        target = orEmpty(target);
        asset = orEmpty(asset);
        run = orEmpty(run);
        backfill = orEmpty(backfill);
        from = orEmpty(from);
        to = orEmpty(to);
    }

    private static <T> Optional<T> orEmpty(Optional<T> value) {
        return value == null ? Optional.empty() : value;
    }
}
