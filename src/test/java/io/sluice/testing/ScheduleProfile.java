package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The schedules' tests: runs are not executed (they stay as the ticks launched them), in an application start of
 * their own, so that no other test's runs hold the partitions their ticks launch.
 */
public class ScheduleProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("sluice.runs.execute", "false");
    }
}
