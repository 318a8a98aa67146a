package io.sluice.automation.sensor;

import io.sluice.testing.PostgresResource;
import java.util.List;

/** {@link SensorTestProfile} on PostgreSQL (embedded; fails if it cannot start): Quartz's clustered JDBC store too. */
public class PostgresSensorTestProfile extends SensorTestProfile {

    @Override
    public String getConfigProfile() {
        return "test,pg";
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(PostgresResource.class));
    }
}
