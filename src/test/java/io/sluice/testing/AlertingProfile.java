package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;

/**
 * Alerting's tests: the test rules ({@code TestAlertRules}) on, two channels (a signed webhook and a Slack one) pointing
 * at {@link #PORT} of this JVM, where the test's receiver listens, and no rounds on a timer: the test runs them.
 */
public class AlertingProfile implements QuarkusTestProfile {

    public static final int PORT = freePort();
    public static final String SECRET = "test-signing-secret";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "sluice.test.alerts", "true",
                "sluice.alerts.enabled", "false",
                "sluice.alerts.channels.hook.type", "webhook",
                "sluice.alerts.channels.hook.url", "http://127.0.0.1:" + PORT + "/hook",
                "sluice.alerts.channels.hook.secret", SECRET,
                "sluice.alerts.channels.hook.timeout", "2s",
                "sluice.alerts.channels.chat.type", "slack",
                "sluice.alerts.channels.chat.url", "http://127.0.0.1:" + PORT + "/slack");
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
