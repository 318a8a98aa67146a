package io.sluice.alerts;

import java.time.Duration;

/**
 * When a failed delivery is tried again: after 10 s, then doubling (20 s, 40 s, ...) up to 30 min between tries, and
 * given up after {@link #MAX_ATTEMPTS} attempts (about 12 h), the notification then recorded as failed.
 */
public final class Backoff {

    public static final int MAX_ATTEMPTS = 30;
    static final Duration FIRST = Duration.ofSeconds(10);
    static final Duration MOST = Duration.ofMinutes(30);

    private Backoff() {}

    /** The wait after the {@code attempts}-th failed attempt (1 after the first); empty: give up. */
    public static java.util.Optional<Duration> after(int attempts) {
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts start at 1, not " + attempts);
        }
        if (attempts >= MAX_ATTEMPTS) {
            return java.util.Optional.empty();
        }
        Duration wait = FIRST.multipliedBy(1L << Math.min(attempts - 1, 20));
        return java.util.Optional.of(wait.compareTo(MOST) > 0 ? MOST : wait);
    }
}
