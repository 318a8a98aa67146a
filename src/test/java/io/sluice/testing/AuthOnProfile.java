package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * Authentication on, with a known first-admin password (as {@code SLUICE_ADMIN_PASSWORD} sets it), a short throttle, and
 * the server's log written to a file that the tests read for secrets (the test client's own wire log stays off: it
 * shows what the tests send).
 */
public class AuthOnProfile implements QuarkusTestProfile {

    public static final String ADMIN_PASSWORD = "first-admin-password-for-tests";
    public static final String LOG_FILE = "target/auth-on-test.log";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "sluice.auth.enabled", "true",
                "sluice.auth.admin-password", ADMIN_PASSWORD,
                "sluice.auth.throttle.failures", "3",
                "sluice.auth.throttle.first-wait", "10m",
                "quarkus.log.file.enabled", "true",
                "quarkus.log.file.path", LOG_FILE,
                "quarkus.log.min-level", "DEBUG",
                "quarkus.log.category.\"io.sluice\".level", "DEBUG",
                "quarkus.log.category.\"io.quarkus.security\".level", "DEBUG",
                "quarkus.log.category.\"io.quarkus.vertx.http.runtime.security\".level", "DEBUG");
    }
}
