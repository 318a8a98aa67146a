package io.sluice.testing;

/** The scorecard test on the PostgreSQL lake, in an application of its own (see {@link ScorecardProfile}). */
public class PostgresScorecardProfile extends PostgresLakeProfile {}
