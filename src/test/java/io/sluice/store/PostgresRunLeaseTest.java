package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresProfile;

/** The {@link RunLeaseContract} on postgresql. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresRunLeaseTest extends RunLeaseContract {
    @Override
    protected String expectedBackend() {
        return "postgresql";
    }
}
