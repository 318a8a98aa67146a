package io.sluice.automation;

import java.time.Duration;
import java.util.Objects;

/** A sensor as declared: its name, how often it is evaluated (1 second to 1 day) and the status a fresh install starts with. */
public record SensorSpec(String name, Duration interval, AutomationStatus defaultStatus) {

    public SensorSpec {
        Names.check("sensor", name);
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(defaultStatus, "defaultStatus");
        if (interval.compareTo(Duration.ofSeconds(1)) < 0 || interval.compareTo(Duration.ofDays(1)) > 0) {
            throw new IllegalArgumentException(
                    "sensor " + name + ": interval " + interval + " must be 1 second to 1 day");
        }
    }
}
