package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** The metadata store without run execution, so that stored test runs stay exactly as the test leaves them. */
public class StoreOnlyProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("sluice.runs.execute", "false");
    }
}
