package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresProfile;

/** The upstream check's reads on PostgreSQL (embedded; fails if it cannot start). */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresMaterializedPartitionsTest extends MaterializedPartitionsContract {}
