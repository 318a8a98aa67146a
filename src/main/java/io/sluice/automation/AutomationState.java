package io.sluice.automation;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a schedule, sensor or trigger stands, as the metadata store keeps it across restarts: whether it ticks, its
 * cursor (a schedule's last handled tick as an ISO instant, a sensor's own cursor, a trigger's last event id), when it
 * was last started and when the row last changed.
 */
public record AutomationState(
        TickRecord.Source source,
        String name,
        AutomationStatus status,
        Optional<String> cursor,
        Optional<Instant> startedAt,
        Instant updatedAt) {

    public AutomationState {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(cursor, "cursor");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    /** The same state with a new cursor, changed at {@code now}. */
    public AutomationState withCursor(String newCursor, Instant now) {
        return new AutomationState(source, name, status, Optional.of(newCursor), startedAt, now);
    }

    /** Started at {@code now}, or stopped; a start keeps the cursor (the adapter decides whether old ticks count). */
    public AutomationState withStatus(AutomationStatus newStatus, Instant now) {
        Optional<Instant> started = newStatus == AutomationStatus.RUNNING && status != AutomationStatus.RUNNING
                ? Optional.of(now)
                : startedAt;
        return new AutomationState(source, name, newStatus, cursor, started, now);
    }
}
