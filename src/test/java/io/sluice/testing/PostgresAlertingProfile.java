package io.sluice.testing;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** {@link AlertingProfile} on an embedded PostgreSQL holding the store and the lake, executing runs. */
public class PostgresAlertingProfile extends AlertingProfile {

    @Override
    public String getConfigProfile() {
        return "test,pg";
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> config = new HashMap<>(super.getConfigOverrides());
        config.put("sluice.lake.engine", "postgres");
        return config;
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(PostgresResource.class));
    }
}
