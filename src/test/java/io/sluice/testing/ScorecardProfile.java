package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * An application of its own for the scorecard test on DuckDB: it replaces the ownership table with a fixed data set, which
 * must neither disturb nor depend on the example tests' runs.
 */
public class ScorecardProfile implements QuarkusTestProfile {}
