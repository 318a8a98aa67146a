package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** The metadata store without run execution, on a node started without the lake ({@code sluice.lake.enabled=false}). */
public class NoLakeProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("sluice.runs.execute", "false", "sluice.lake.enabled", "false");
    }
}
