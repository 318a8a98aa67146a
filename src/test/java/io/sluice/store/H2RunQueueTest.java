package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;

/** The {@link RunQueueContract} on the embedded default, H2. */
@QuarkusTest
@io.quarkus.test.junit.TestProfile(io.sluice.testing.StoreOnlyProfile.class)
class H2RunQueueTest extends RunQueueContract {
    @Override
    protected String expectedBackend() {
        return "h2";
    }
}
