package io.sluice.store;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresProfile;

/** The {@link QueuePromotionContract} on PostgreSQL (embedded; fails if it cannot start). */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresQueuePromotionTest extends QueuePromotionContract {}
