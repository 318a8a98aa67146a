package io.sluice.automation;

import java.time.Instant;
import java.util.Objects;

/**
 * One entry of tick history: which schedule, sensor or trigger ({@code source} and {@code name}; triggers use the
 * asset key), the tick's instant, when it was evaluated and its outcome. The cursor a tick leaves is kept once, on the
 * state row ({@link AutomationState}), not copied into each entry: a sensor's cursor can be as large as the folder it
 * watches, and history has an entry every few seconds.
 */
public record TickRecord(Source source, String name, Instant tick, Instant evaluatedAt, TickOutcome outcome) {

    public enum Source {
        SCHEDULE,
        SENSOR,
        TRIGGER
    }

    public TickRecord {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(tick, "tick");
        Objects.requireNonNull(evaluatedAt, "evaluatedAt");
        Objects.requireNonNull(outcome, "outcome");
    }
}
