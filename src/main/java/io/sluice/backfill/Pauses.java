package io.sluice.backfill;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How long a backfill has been paused: since when, while it is paused ({@code since}, else null), and for how long in
 * all before that ({@code before}). Its rate and time left count only the time it was not paused.
 */
public record Pauses(Instant since, Duration before) {

    /** Never paused. */
    public static final Pauses NONE = new Pauses(null, Duration.ZERO);

    public Pauses {
        Objects.requireNonNull(before, "before");
        if (before.isNegative()) {
            throw new IllegalArgumentException("a backfill cannot have been paused for " + before);
        }
    }

    /** The time paused up to {@code at} (a pause that began after {@code at} adds nothing). */
    public Duration until(Instant at) {
        if (since == null || !at.isAfter(since)) {
            return before;
        }
        return before.plus(Duration.between(since, at));
    }

    /** Paused at {@code at}: a pause under way stays as it is. */
    public Pauses pausedAt(Instant at) {
        return since != null ? this : new Pauses(at, before);
    }

    /** No longer paused from {@code at} on (resumed, canceled or ended): the pause under way joins the earlier ones. */
    public Pauses endedAt(Instant at) {
        return since == null ? this : new Pauses(null, until(at));
    }
}
