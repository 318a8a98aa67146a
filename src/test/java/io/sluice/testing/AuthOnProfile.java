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
        return Map.ofEntries(
                Map.entry("sluice.auth.enabled", "true"),
                Map.entry("sluice.auth.admin-password", ADMIN_PASSWORD),
                Map.entry("sluice.auth.throttle.failures", "3"),
                Map.entry("sluice.auth.throttle.first-wait", "10m"),
                Map.entry("quarkus.log.file.enabled", "true"),
                Map.entry("quarkus.log.file.path", LOG_FILE),
                Map.entry("quarkus.log.min-level", "DEBUG"),
                Map.entry("quarkus.log.category.\"io.sluice\".level", "DEBUG"),
                Map.entry("quarkus.log.category.\"io.quarkus.security\".level", "DEBUG"),
                Map.entry("quarkus.log.category.\"io.quarkus.vertx.http.runtime.security\".level", "DEBUG"),
                // tests name their client address (X-Forwarded-For), so that the per-address throttle of one test does
                // not hold up the others
                Map.entry("quarkus.http.proxy.proxy-address-forwarding", "true"),
                Map.entry("quarkus.http.proxy.allow-x-forwarded", "true"));
    }
}
