package io.sluice.testing;

/**
 * The PostgreSQL lake ({@link PostgresLakeProfile}) in an application of its own, so that the test kit's tests on it
 * get a fresh store and lake, and neither disturb nor depend on what other tests materialized.
 */
public class PostgresTestKitProfile extends PostgresLakeProfile {}
