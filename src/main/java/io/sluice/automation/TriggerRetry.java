package io.sluice.automation;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * When an eager trigger launches a downstream partition again after its run failed (or died with the process): at most
 * {@code maxAttempts} runs in all, counting the first; attempt {@code n + 1} waits {@code backoff × 2^(n-1)} after the
 * end of attempt {@code n} (30 s, 1 min, 2 min, ...). A canceled run is not retried.
 */
public record TriggerRetry(int maxAttempts, Duration backoff) {

    public static final int MAX_ATTEMPTS = 10;

    /** Three runs in all, 30 s then 1 min apart. */
    public static final TriggerRetry DEFAULT = new TriggerRetry(3, Duration.ofSeconds(30));

    public TriggerRetry {
        if (maxAttempts < 1 || maxAttempts > MAX_ATTEMPTS) {
            throw new IllegalArgumentException(
                    "retry max-attempts must be from 1 to " + MAX_ATTEMPTS + " (runs in all, the first included)");
        }
        Objects.requireNonNull(backoff, "backoff");
        if (backoff.isNegative() || backoff.isZero()) {
            throw new IllegalArgumentException("retry backoff must be positive");
        }
    }

    /** When attempt {@code attemptsMade + 1} may start, the last having ended at {@code failedAt}; empty: no more. */
    public Optional<Instant> next(int attemptsMade, Instant failedAt) {
        if (attemptsMade >= maxAttempts) {
            return Optional.empty();
        }
        return Optional.of(failedAt.plus(backoff.multipliedBy(1L << Math.min(attemptsMade - 1, 20))));
    }

    public String describe() {
        return maxAttempts + " runs in all, " + backoff + " after the first failure, doubling";
    }
}
