package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** sluice.runs.busy-partition=queue: a second launch of a busy asset partition waits instead of being refused. */
public class QueueBusyPartitionProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("sluice.runs.busy-partition", "queue");
    }
}
