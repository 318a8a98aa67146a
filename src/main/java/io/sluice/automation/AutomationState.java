package io.sluice.automation;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a schedule, sensor or trigger stands, as the metadata store keeps it across restarts: whether it ticks, its
 * cursor (a schedule's last handled tick as an ISO instant, a sensor's own cursor, a trigger's last event id), when it
 * was last started, when the row last changed, and for a sensor the last slot it evaluated ({@link SensorSlots}).
 */
public record AutomationState(
        TickRecord.Source source,
        String name,
        AutomationStatus status,
        Optional<String> cursor,
        Optional<Instant> startedAt,
        Instant updatedAt,
        Optional<Instant> lastSlot) {

    public AutomationState {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(cursor, "cursor");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        Objects.requireNonNull(lastSlot, "lastSlot");
    }

    /** The same state with a new cursor, changed at {@code now}. */
    public AutomationState withCursor(String newCursor, Instant now) {
        return new AutomationState(source, name, status, Optional.of(newCursor), startedAt, now, lastSlot);
    }

    /** The same state, having evaluated the sensor slot named by its middle {@code slot}, at {@code now}. */
    public AutomationState withLastSlot(Instant slot, Instant now) {
        return new AutomationState(source, name, status, cursor, startedAt, now, Optional.of(slot));
    }

    /**
     * Started at {@code now}, or stopped; a start keeps the cursor (the adapter decides whether old ticks count) and
     * begins new sensor slots, counted from the new start.
     */
    public AutomationState withStatus(AutomationStatus newStatus, Instant now) {
        boolean starting = newStatus == AutomationStatus.RUNNING && status != AutomationStatus.RUNNING;
        Optional<Instant> started = starting ? Optional.of(now) : startedAt;
        Optional<Instant> slot = starting ? Optional.empty() : lastSlot;
        return new AutomationState(source, name, newStatus, cursor, started, now, slot);
    }
}
