package io.sluice.automation.sensor;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link SensorJobTest} on PostgreSQL: Quartz's clustered JDBC store fires the sensor's job. */
@QuarkusTest
@TestProfile(PostgresSensorTestProfile.class)
class PostgresSensorJobTest extends SensorJobTest {}
