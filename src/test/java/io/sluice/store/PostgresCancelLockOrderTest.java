package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresProfile;

/** {@link CancelLockOrderContract} on PostgreSQL (embedded; fails if it cannot start). */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresCancelLockOrderTest extends CancelLockOrderContract {}
