package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * No overrides: a profile of its own only so that its tests get their own application start, hence their own data
 * directory (a fresh lake and metadata store), and cannot disturb tests that expect the example pipeline untouched.
 */
public class OwnLakeProfile implements QuarkusTestProfile {}
