package io.sluice.automation.sensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.automation.AutomationStatus;
import io.sluice.automation.SensorContext;
import io.sluice.automation.SensorResult;
import io.sluice.automation.SensorSpec;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SensorRegistryTest {

    private static DeclaredSensor named(String name) {
        return new DeclaredSensor() {
            @Override
            public SensorSpec spec() {
                return new SensorSpec(name, Duration.ofMinutes(1), AutomationStatus.STOPPED);
            }

            @Override
            public SensorResult evaluate(SensorContext context, Optional<String> cursor) {
                return SensorResult.skip("test");
            }
        };
    }

    @Test
    void sensorsAreFoundByTheirNames() {
        assertThat(SensorRegistry.byName(List.of(named("b"), named("a"))).keySet())
                .containsExactlyInAnyOrder("a", "b");
    }

    @Test
    void twoSensorsWithOneNameStopTheStartUpNamingThem() {
        assertThatThrownBy(() -> SensorRegistry.byName(List.of(named("inbox"), named("other"), named("inbox"))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("two sensors are named 'inbox'")
                .hasMessageContaining(SensorRegistryTest.class.getName());
    }
}
