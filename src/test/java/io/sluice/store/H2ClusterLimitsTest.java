package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.StoreOnlyProfile;

/** The {@link ClusterLimitsContract} on the embedded default, H2. */
@QuarkusTest
@TestProfile(StoreOnlyProfile.class)
class H2ClusterLimitsTest extends ClusterLimitsContract {}
