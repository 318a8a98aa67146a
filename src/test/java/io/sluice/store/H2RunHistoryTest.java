package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;

/** The {@link RunHistoryContract} on the embedded default, H2. */
@QuarkusTest
@io.quarkus.test.junit.TestProfile(io.sluice.testing.StoreOnlyProfile.class)
class H2RunHistoryTest extends RunHistoryContract {
    @Override
    protected String expectedBackend() {
        return "h2";
    }
}
