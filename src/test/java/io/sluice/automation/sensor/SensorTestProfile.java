package io.sluice.automation.sensor;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;
import java.util.Set;

/**
 * The sensor tests' application: runs are stored but not executed (they stay as the tick launched them), the test
 * sensors of {@link TestSensors} are declared, and time comes from the {@link SettableClock}.
 */
public class SensorTestProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("sluice.runs.execute", "false", "sluice.test.sensors", "true");
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(SettableClock.class);
    }
}
