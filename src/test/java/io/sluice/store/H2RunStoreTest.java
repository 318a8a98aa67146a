package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;

/** The metadata store contract on the embedded default, H2. */
@QuarkusTest
@io.quarkus.test.junit.TestProfile(io.sluice.testing.StoreOnlyProfile.class)
class H2RunStoreTest extends RunStoreContract {
    @Override
    protected String expectedBackend() {
        return "h2";
    }
}
