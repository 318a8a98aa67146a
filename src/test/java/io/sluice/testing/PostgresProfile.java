package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/** Runs a test class against PostgreSQL (embedded) instead of H2. */
public class PostgresProfile implements QuarkusTestProfile {

    @Override
    public String getConfigProfile() {
        return "test,pg";
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("sluice.runs.execute", "false");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(PostgresResource.class));
    }
}
