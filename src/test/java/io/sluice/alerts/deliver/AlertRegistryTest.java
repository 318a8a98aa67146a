package io.sluice.alerts.deliver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.alerts.AlertCause;
import io.sluice.alerts.AlertRule;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AlertRegistryTest {

    record Settings(String type, Optional<String> url, Optional<String> to, Optional<String> secret, Duration timeout)
            implements AlertSettings.ChannelSettings {

        Settings(String type, String url, Optional<String> secret, Duration timeout) {
            this(type, Optional.ofNullable(url), Optional.empty(), secret, timeout);
        }
    }

    static final Settings SLACK =
            new Settings("slack", "https://hooks.example/T/B/X", Optional.empty(), Duration.ofSeconds(5));

    @Test
    void rulesAndChannelsAreCheckedTogetherEveryProblemAtOnce() {
        AlertRule failures = AlertRule.on("failures", Set.of(AlertCause.RUN_FAILED), "ops");
        AlertRegistry registry = AlertRegistry.of(List.of(failures), Map.of("ops", SLACK));
        assertThat(registry.rules()).containsOnlyKeys("failures");
        assertThat(registry.channel("ops")).get().extracting(Channel::type).isEqualTo(Channel.Type.SLACK);

        assertThatThrownBy(() -> AlertRegistry.of(
                        List.of(
                                failures,
                                failures,
                                AlertRule.on("late", Set.of(AlertCause.FRESHNESS_VIOLATED), "pager")),
                        Map.of("ops", SLACK, "bad", new Settings("sms", "https://x.example", Optional.empty(), null))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("a channel's type is webhook, slack or email, not 'sms'")
                .hasMessageContaining("two alert rules are named failures")
                .hasMessageContaining("alert rule late notifies channel pager, which is not configured");
    }

    @Test
    void anEmailChannelNamesItsRecipientsAndTheLogChannelIsBuiltIn() {
        Settings mail = new Settings(
                "email", Optional.empty(), Optional.of("ops@example.com, oncall@example.com"), Optional.empty(), null);
        AlertRegistry registry = AlertRegistry.of(
                List.of(AlertRule.on("failures", Set.of(AlertCause.RUN_FAILED), "mail", "log")), Map.of("mail", mail));
        assertThat(registry.channel("mail").orElseThrow().recipients())
                .containsExactly("ops@example.com", "oncall@example.com");
        assertThat(registry.channel("log").orElseThrow().type()).isEqualTo(Channel.Type.LOG);
        assertThatThrownBy(() -> AlertRegistry.of(
                        List.of(),
                        Map.of(
                                "mail",
                                new Settings(
                                        "email", Optional.empty(), Optional.of("nobody"), Optional.empty(), null))))
                .hasMessageContaining("channel mail needs its recipients");
        assertThatThrownBy(() -> AlertRegistry.of(List.of(), Map.of("log", SLACK)))
                .hasMessageContaining("channel log is built in");
    }

    @Test
    void noRulesAndNoChannelsIsFine() {
        assertThat(AlertRegistry.of(List.of(), Map.of()).rules()).isEmpty();
    }
}
