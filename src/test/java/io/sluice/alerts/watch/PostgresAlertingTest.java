package io.sluice.alerts.watch;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresAlertingProfile;

/** Alerting's rounds, outbox and delivery on PostgreSQL (embedded): the same statements, the same once-only results. */
@QuarkusTest
@TestProfile(PostgresAlertingProfile.class)
class PostgresAlertingTest extends AlertingTest {}
