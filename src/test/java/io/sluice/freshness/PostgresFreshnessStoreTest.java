package io.sluice.freshness;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresProfile;

/** The freshness store's guarded statements on PostgreSQL (embedded). */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresFreshnessStoreTest extends FreshnessStoreTest {}
