package io.sluice.alerts.watch;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresProfile;

/** The alert store's once-only guarantees on PostgreSQL (embedded). */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresAlertStoreTest extends AlertStoreTest {}
