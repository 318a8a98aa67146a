package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.NoLakeProfile;

/** The {@link LakeClaimContract} on h2, on a node without the lake. */
@QuarkusTest
@TestProfile(NoLakeProfile.class)
class H2NoLakeClaimTest extends LakeClaimContract {
    @Override
    protected String expectedBackend() {
        return "h2";
    }

    @Override
    protected boolean lakeNode() {
        return false;
    }
}
