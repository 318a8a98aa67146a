package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.StoreOnlyProfile;

/** The {@link RunLeaseContract} on h2. */
@QuarkusTest
@TestProfile(StoreOnlyProfile.class)
class H2RunLeaseTest extends RunLeaseContract {
    @Override
    protected String expectedBackend() {
        return "h2";
    }
}
