package io.sluice.example;

import io.quarkus.arc.lookup.LookupIfProperty;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.SensorContext;
import io.sluice.automation.SensorResult;
import io.sluice.automation.SensorSpec;
import io.sluice.automation.sensor.DeclaredSensor;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code bench_sensor}: every 5 seconds, a tick that launches nothing (a skipped tick, recorded). Declared stopped; the
 * cluster tests start it and count its ticks per interval. In the app only when {@code sluice.bench.enabled=true}.
 */
@ApplicationScoped
@LookupIfProperty(name = "sluice.bench.enabled", stringValue = "true")
public class BenchSensor implements DeclaredSensor {

    public static final String NAME = "bench_sensor";
    public static final Duration INTERVAL = Duration.ofSeconds(5);

    private final SensorSpec spec = new SensorSpec(NAME, INTERVAL, AutomationStatus.STOPPED);

    @Override
    public SensorSpec spec() {
        return spec;
    }

    @Override
    public SensorResult evaluate(SensorContext context, Optional<String> cursor) {
        return SensorResult.skip("benchmark sensor: nothing to launch at " + context.now());
    }
}
