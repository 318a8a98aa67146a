package io.sluice.access;

import java.time.Instant;
import java.util.Objects;

/** Failed logins of one subject ({@code user:<name>} or {@code address:<ip>}) within the current window. */
public record LoginFailures(String subject, int failures, Instant windowStart, Instant last) {
    public LoginFailures {
        Objects.requireNonNull(subject, "subject");
        if (failures < 1) {
            throw new IllegalArgumentException("failures must be at least 1: " + failures);
        }
        Objects.requireNonNull(windowStart, "windowStart");
        Objects.requireNonNull(last, "last");
    }
}
