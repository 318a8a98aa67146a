package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresNoLakeProfile;

/** The {@link LakeClaimContract} on postgresql, on a node without the lake. */
@QuarkusTest
@TestProfile(PostgresNoLakeProfile.class)
class PostgresNoLakeClaimTest extends LakeClaimContract {
    @Override
    protected String expectedBackend() {
        return "postgresql";
    }

    @Override
    protected boolean lakeNode() {
        return false;
    }
}
