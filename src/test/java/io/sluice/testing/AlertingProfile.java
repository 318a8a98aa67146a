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
    public static final int SMTP_PORT = freePort();
    public static final String SECRET = "test-signing-secret";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.ofEntries(
                Map.entry("quarkus.mailer.mock", "false"),
                Map.entry("quarkus.mailer.host", "127.0.0.1"),
                Map.entry("quarkus.mailer.port", Integer.toString(SMTP_PORT)),
                Map.entry("quarkus.mailer.from", "sluice@example.com"),
                Map.entry("quarkus.mailer.start-tls", "DISABLED"),
                Map.entry("sluice.alerts.channels.mail.type", "email"),
                Map.entry("sluice.alerts.channels.mail.to", "ops@example.com,oncall@example.com"),
                Map.entry("sluice.alerts.channels.mail.timeout", "5s"),
                Map.entry("sluice.test.alerts", "true"),
                Map.entry("sluice.alerts.enabled", "false"),
                Map.entry("sluice.alerts.channels.hook.type", "webhook"),
                Map.entry("sluice.alerts.channels.hook.url", "http://127.0.0.1:" + PORT + "/hook"),
                Map.entry("sluice.alerts.channels.hook.secret", SECRET),
                Map.entry("sluice.alerts.channels.hook.timeout", "2s"),
                Map.entry("sluice.alerts.channels.chat.type", "slack"),
                Map.entry("sluice.alerts.channels.chat.url", "http://127.0.0.1:" + PORT + "/slack"));
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
