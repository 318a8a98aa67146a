package io.sluice.automation;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of tick history: which schedule, sensor or trigger ({@code source} and {@code name}; triggers use the
 * asset key), the tick's instant, when it was evaluated, its outcome and the cursor it left.
 */
public record TickRecord(
        Source source, String name, Instant tick, Instant evaluatedAt, TickOutcome outcome, Optional<String> cursor) {

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
        Objects.requireNonNull(cursor, "cursor");
    }
}
