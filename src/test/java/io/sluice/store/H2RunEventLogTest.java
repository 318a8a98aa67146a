package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;

/** The {@link RunEventLogContract} on the embedded default, H2. */
@QuarkusTest
@io.quarkus.test.junit.TestProfile(io.sluice.testing.StoreOnlyProfile.class)
class H2RunEventLogTest extends RunEventLogContract {
    @Override
    protected String expectedBackend() {
        return "h2";
    }
}
