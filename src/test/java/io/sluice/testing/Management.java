package io.sluice.testing;

import io.restassured.specification.RequestSpecification;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Requests to the management interface of the Quarkus application under test: health probes and metrics are served on a
 * port of their own (quarkus.management.*), which the test profile picks at random.
 */
public final class Management {

    private Management() {}

    /** The port the management interface listens on in this test JVM. */
    public static int port() {
        return ConfigProvider.getConfig().getValue("quarkus.management.test-port", Integer.class);
    }

    /** A RestAssured request to the management interface. */
    public static RequestSpecification given() {
        return io.restassured.RestAssured.given().port(port());
    }
}
