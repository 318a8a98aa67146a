package io.sluice.automation;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The slots of a running sensor, which make it evaluate at most once per interval across a cluster. Slot {@code k}
 * covers {@code [startedAt + (k - ½)·interval, startedAt + (k + ½)·interval)}, in whole milliseconds, and is named by
 * its middle, {@code startedAt + k·interval}: that is when the sensor's trigger fires, so a fire that Quartz runs up to
 * half an interval early or late still lands in its own slot. A tick evaluates only in a slot after the last one
 * evaluated ({@link #due}); a second fire in the same slot (another node's, a trigger replaced in flight) is fenced out.
 */
public final class SensorSlots {

    private SensorSlots() {}

    /** The middle of the slot that holds {@code now}. */
    public static Instant slot(Instant startedAt, Duration interval, Instant now) {
        long base = startedAt.toEpochMilli();
        long step = millis(interval);
        long k = Math.floorDiv(now.toEpochMilli() - base + step / 2, step);
        return Instant.ofEpochMilli(base + k * step);
    }

    /**
     * When a trigger scheduled at {@code now} fires first: the first slot middle after {@code now}, and never before
     * one interval after the start (so a sensor started at {@code now} first fires one interval later, as always).
     */
    public static Instant startAt(Instant startedAt, Duration interval, Instant now) {
        Instant current = slot(startedAt, interval, now);
        Instant candidate = current.isAfter(now) ? current : current.plusMillis(millis(interval));
        Instant first = Instant.ofEpochMilli(startedAt.toEpochMilli()).plusMillis(millis(interval));
        return candidate.isBefore(first) ? first : candidate;
    }

    /** Whether {@code fireAt} is a slot middle (to the millisecond): a trigger that fires there keeps the phase. */
    public static boolean inPhase(Instant startedAt, Duration interval, Instant fireAt) {
        return slot(startedAt, interval, fireAt).toEpochMilli() == fireAt.toEpochMilli();
    }

    /** Whether a tick in {@code slot} evaluates, {@code lastSlot} being the last slot evaluated (if any). */
    public static boolean due(Optional<Instant> lastSlot, Instant slot) {
        Objects.requireNonNull(slot, "slot");
        return lastSlot.isEmpty() || slot.isAfter(lastSlot.get());
    }

    private static long millis(Duration interval) {
        long step = interval.toMillis();
        if (step < 1) {
            throw new IllegalArgumentException("a sensor's interval must be at least a millisecond, got " + interval);
        }
        return step;
    }
}
