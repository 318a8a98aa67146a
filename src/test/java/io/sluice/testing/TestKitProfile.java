package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * No overrides: a profile of its own so that the test kit's example tests get their own application start, hence a
 * fresh lake and metadata store, and neither disturb nor depend on what other tests materialized.
 */
public class TestKitProfile implements QuarkusTestProfile {}
