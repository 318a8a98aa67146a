package io.sluice.testing;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/**
 * A clock tests set instead of sleeping; it replaces the system clock only in profiles that select it
 * ({@code getEnabledAlternatives}). It starts at the system's instant.
 */
@Alternative
@ApplicationScoped
public class SettableClock implements InstantSource {

    private volatile Instant now = InstantSource.system().instant();

    @Override
    public Instant instant() {
        return now;
    }

    public void set(Instant instant) {
        now = instant;
    }

    public void advance(Duration by) {
        now = now.plus(by);
    }
}
