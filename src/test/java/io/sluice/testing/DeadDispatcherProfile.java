package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;

/** No overrides: an application start of its own, because its test stops the run dispatcher of that application for good. */
public class DeadDispatcherProfile implements QuarkusTestProfile {}
