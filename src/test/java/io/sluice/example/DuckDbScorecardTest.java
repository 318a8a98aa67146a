package io.sluice.example;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.ScorecardProfile;

/** The scorecard's figures on the DuckDB lake. */
@QuarkusTest
@TestProfile(ScorecardProfile.class)
class DuckDbScorecardTest extends ScorecardContract {}
