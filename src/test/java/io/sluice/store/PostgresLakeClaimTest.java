package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresProfile;

/** The {@link LakeClaimContract} on postgresql, on a node with the lake. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresLakeClaimTest extends LakeClaimContract {
    @Override
    protected String expectedBackend() {
        return "postgresql";
    }

    @Override
    protected boolean lakeNode() {
        return true;
    }
}
