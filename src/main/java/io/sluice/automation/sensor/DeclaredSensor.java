package io.sluice.automation.sensor;

import io.sluice.automation.Sensor;
import io.sluice.automation.SensorSpec;

/**
 * How a sensor is declared: a CDI bean (for example {@code @ApplicationScoped}) that implements this interface beside the
 * assets it launches. {@link #spec()} gives its unique name, interval and default status; {@link #evaluate} (from
 * {@link Sensor}) looks at the world and answers launches, dynamic partition changes, a new cursor or a skip reason. It
 * must not launch anything itself, and it runs inside the tick's transaction with the sensor's state row locked, so it
 * should be quick (list a folder, read a small table): the interval, not the evaluation, is where waiting belongs.
 */
public interface DeclaredSensor extends Sensor {

    SensorSpec spec();
}
