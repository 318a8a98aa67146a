package io.sluice.example;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresScorecardProfile;

/** The scorecard's figures on the PostgreSQL lake. */
@QuarkusTest
@TestProfile(PostgresScorecardProfile.class)
class PostgresScorecardTest extends ScorecardContract {}
