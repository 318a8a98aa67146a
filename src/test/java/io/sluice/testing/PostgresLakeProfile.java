package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * A node whose metadata store and lake are one embedded PostgreSQL ({@code sluice.lake.engine=postgres}, the lake on
 * the store's datasource), executing runs.
 */
public class PostgresLakeProfile implements QuarkusTestProfile {

    @Override
    public String getConfigProfile() {
        return "test,pg";
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("sluice.lake.engine", "postgres");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(PostgresResource.class));
    }
}
