package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresProfile;

/** The {@link NodeRegistryContract} on postgresql. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresNodeRegistryTest extends NodeRegistryContract {
    @Override
    protected String expectedBackend() {
        return "postgresql";
    }
}
