package io.sluice.automation;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** What a sensor tick knows: the sensor's name, the tick's instant (from the injected clock) and the previous tick's. */
public record SensorContext(String sensor, Instant now, Optional<Instant> previousTick) {

    public SensorContext {
        Objects.requireNonNull(sensor, "sensor");
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(previousTick, "previousTick");
    }
}
