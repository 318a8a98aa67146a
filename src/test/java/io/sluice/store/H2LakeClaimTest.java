package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.StoreOnlyProfile;

/** The {@link LakeClaimContract} on h2, on a node with the lake. */
@QuarkusTest
@TestProfile(StoreOnlyProfile.class)
class H2LakeClaimTest extends LakeClaimContract {
    @Override
    protected String expectedBackend() {
        return "h2";
    }

    @Override
    protected boolean lakeNode() {
        return true;
    }
}
