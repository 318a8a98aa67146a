package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresProfile;

/** The {@link BackfillRunsContract} on PostgreSQL (embedded; fails if it cannot start). */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresBackfillRunsTest extends BackfillRunsContract {
    @Override
    protected String expectedBackend() {
        return "postgresql";
    }
}
