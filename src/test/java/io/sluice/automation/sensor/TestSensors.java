package io.sluice.automation.sensor;

import io.quarkus.arc.lookup.LookupIfProperty;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.Sensor;
import io.sluice.automation.SensorContext;
import io.sluice.automation.SensorResult;
import io.sluice.automation.SensorSpec;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Sensors declared for the sensor tests only ({@code sluice.test.sensors=true}, see {@link SensorTestProfile}); each
 * does what the test scripts, and remembers what it was asked. Their interval is a day, so that Quartz never fires them
 * during a test: the tests tick them by hand.
 */
public final class TestSensors {

    private TestSensors() {}

    /**
     * Puts the sensor {@code name} in {@code status}, whatever another test left it in: starting a running sensor (or
     * stopping a stopped one) is a conflict.
     */
    public static void ensure(SensorService sensors, String name, AutomationStatus status) {
        if (sensors.get(name).state().status() == status) {
            return;
        }
        if (status == AutomationStatus.RUNNING) {
            sensors.start(name, "test", "the test needs it running");
        } else {
            sensors.stop(name, "test", "the test needs it stopped");
        }
    }

    /** A sensor whose evaluation the test sets; it counts and keeps the cursors it was evaluated with. */
    public abstract static class Scripted implements DeclaredSensor {
        private final SensorSpec spec;
        private volatile Sensor script = (context, cursor) -> SensorResult.skip("nothing scripted");
        private final List<Optional<String>> cursors = new ArrayList<>();
        private final List<SensorContext> contexts = new ArrayList<>();

        Scripted(String name, AutomationStatus status) {
            this.spec = new SensorSpec(name, Duration.ofDays(1), status);
        }

        @Override
        public SensorSpec spec() {
            return spec;
        }

        @Override
        public synchronized SensorResult evaluate(SensorContext context, Optional<String> cursor) {
            cursors.add(cursor);
            contexts.add(context);
            return script.evaluate(context, cursor);
        }

        public synchronized void script(Sensor next) {
            script = next;
            cursors.clear();
            contexts.clear();
        }

        public synchronized List<Optional<String>> cursors() {
            return List.copyOf(cursors);
        }

        public synchronized List<SensorContext> contexts() {
            return List.copyOf(contexts);
        }
    }

    /** {@code test_sensor_a}: stopped by default. */
    @ApplicationScoped
    @LookupIfProperty(name = "sluice.test.sensors", stringValue = "true")
    public static class Alpha extends Scripted {
        public static final String NAME = "test_sensor_a";

        public Alpha() {
            super(NAME, AutomationStatus.STOPPED);
        }
    }

    /** {@code test_sensor_running}: running by default, so start-up registers its trigger. */
    @ApplicationScoped
    @LookupIfProperty(name = "sluice.test.sensors", stringValue = "true")
    public static class Running extends Scripted {
        public static final String NAME = "test_sensor_running";

        public Running() {
            super(NAME, AutomationStatus.RUNNING);
        }
    }
}
