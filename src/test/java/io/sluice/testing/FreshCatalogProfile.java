package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * No overrides: a profile of its own so that its tests get an application start of their own, with a metadata store
 * and lake in which nothing of the example pipeline was materialized yet (other tests' runs cannot have done it).
 */
public class FreshCatalogProfile implements QuarkusTestProfile {}
