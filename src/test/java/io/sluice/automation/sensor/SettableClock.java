package io.sluice.automation.sensor;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/**
 * The clock of the sensor tests, enabled by {@link SensorTestProfile} only: the system's time until a test sets it, then
 * the time set, moved by hand. Ticks read it, so a test moves time instead of sleeping.
 */
@Alternative
@ApplicationScoped
public class SettableClock implements InstantSource {

    private volatile Instant fixed;

    @Override
    public Instant instant() {
        Instant now = fixed;
        return now == null ? InstantSource.system().instant() : now;
    }

    public void set(Instant now) {
        fixed = now;
    }

    public void advance(Duration by) {
        fixed = instant().plus(by);
    }

    /** Back to the system's time. */
    public void release() {
        fixed = null;
    }
}
