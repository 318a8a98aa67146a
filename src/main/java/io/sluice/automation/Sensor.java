package io.sluice.automation;

import java.util.Optional;

/**
 * User code run at an interval that looks at the world and asks for runs. It gets the cursor it returned last time
 * (empty on its first tick) and returns run or backfill requests, dynamic partition keys to add or remove, a new
 * cursor, or a reason to skip. It should not launch anything itself: {@link SensorTickOutcome} decides what of its
 * result is kept, and the adapter persists the launches and the cursor together.
 */
@FunctionalInterface
public interface Sensor {

    SensorResult evaluate(SensorContext context, Optional<String> cursor);
}
