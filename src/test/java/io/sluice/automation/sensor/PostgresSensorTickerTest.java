package io.sluice.automation.sensor;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link SensorTickerTest} on PostgreSQL: the row lock, the rolled-back commit and the refused launch there. */
@QuarkusTest
@TestProfile(PostgresSensorTestProfile.class)
class PostgresSensorTickerTest extends SensorTickerTest {}
