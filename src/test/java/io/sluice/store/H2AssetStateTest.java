package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;

/** The {@link AssetStateContract} on the embedded default, H2. */
@QuarkusTest
@io.quarkus.test.junit.TestProfile(io.sluice.testing.StoreOnlyProfile.class)
class H2AssetStateTest extends AssetStateContract {
    @Override
    protected String expectedBackend() {
        return "h2";
    }
}
