package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;

/** The upstream check's reads on the embedded default, H2. */
@QuarkusTest
@io.quarkus.test.junit.TestProfile(io.sluice.testing.StoreOnlyProfile.class)
class H2MaterializedPartitionsTest extends MaterializedPartitionsContract {
}
