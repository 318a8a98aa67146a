package io.sluice.access;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Optional;

/**
 * When failed logins stop further tries, per user and per client address: {@code allowed} failures within {@code window}
 * are free; from then on each try waits {@code firstWait} after the last failure, doubling with every further failure up
 * to {@code longestWait}. A window that began more than {@code window} ago starts over at the next failure. Pure: the
 * counts come from and go to {@link LoginFailureStore}, so the throttle holds across nodes.
 */
public record LoginThrottle(int allowed, Duration window, Duration firstWait, Duration longestWait) {

    public LoginThrottle {
        if (allowed < 1) {
            throw new IllegalArgumentException("sluice.auth.throttle.failures must be at least 1: " + allowed);
        }
        if (window.isNegative() || window.isZero() || firstWait.isNegative() || longestWait.compareTo(firstWait) < 0) {
            throw new IllegalArgumentException(
                    "sluice.auth.throttle: window must be positive and longest-wait at least first-wait");
        }
    }

    public static LoginThrottle of(AccessConfig.Throttle config) {
        return new LoginThrottle(config.failures(), config.window(), config.firstWait(), config.longestWait());
    }

    /** How long a login must still wait, given the failures of its user and of its address (empty: it may try now). */
    public Optional<Duration> waitFor(Collection<LoginFailures> subjects, Instant now) {
        Duration longest = Duration.ZERO;
        for (LoginFailures f : subjects) {
            if (f.failures() < allowed) {
                continue;
            }
            Duration left = Duration.between(now, f.last().plus(penalty(f.failures())));
            if (left.compareTo(longest) > 0) {
                longest = left;
            }
        }
        return longest.isZero() ? Optional.empty() : Optional.of(longest);
    }

    /** The wait after the {@code failures}-th failure: none before {@code allowed}, then doubling. */
    Duration penalty(int failures) {
        if (failures < allowed) {
            return Duration.ZERO;
        }
        int doublings = Math.min(failures - allowed, 30);
        Duration wait = firstWait.multipliedBy(1L << doublings);
        return wait.compareTo(longestWait) > 0 ? longestWait : wait;
    }

    /** The subject's count after one more failure at {@code now}. */
    public LoginFailures afterFailure(String subject, Optional<LoginFailures> before, Instant now) {
        if (before.isEmpty() || !now.isBefore(before.get().windowStart().plus(window))) {
            return new LoginFailures(subject, 1, now, now);
        }
        return new LoginFailures(
                subject, before.get().failures() + 1, before.get().windowStart(), now);
    }

    public static String userSubject(String user) {
        return "user:" + user.strip().toLowerCase(java.util.Locale.ROOT);
    }

    public static String addressSubject(String address) {
        return "address:" + address;
    }
}
