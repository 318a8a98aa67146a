package io.sluice.alerts.deliver;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * {@code sluice.alerts.*}: the channels notifications go to, by name:
 * {@code sluice.alerts.channels.ops.type=slack}, {@code ...ops.url=https://hooks.slack.com/services/...},
 * {@code ...ops.secret=} (a generic webhook's signing secret), {@code ...ops.timeout=10s}. URLs and secrets come from the
 * environment or a Secret in production ({@code SLUICE_ALERTS_CHANNELS_OPS_URL}); Sluice never shows them back. An
 * e-mail channel ({@code type=email}, {@code to=a@example.com,b@example.com}) sends through the SMTP server of
 * {@code quarkus.mailer.*} (host, port, from, username, password), which nothing uses unless a channel is of this type.
 */
@ConfigMapping(prefix = "sluice.alerts")
public interface AlertSettings {

    Map<String, ChannelSettings> channels();

    /** Whether this node takes part in rounds and deliveries (rules and the outbox are served either way). */
    @WithDefault("true")
    boolean enabled();

    /** How often a round reads what happened, and the outbox is delivered. */
    @WithDefault("5s")
    Duration interval();

    /** How far back past its cursor a round reads again, for what committed late (handled once either way). */
    @WithDefault("2m")
    Duration overlap();

    interface ChannelSettings {
        /** {@code webhook}, {@code slack} or {@code email}. */
        String type();

        /** A webhook's or Slack's URL. */
        Optional<String> url();

        /** An e-mail channel's recipients, comma-separated (sent through {@code quarkus.mailer.*}). */
        Optional<String> to();

        Optional<String> secret();

        @WithDefault("10s")
        Duration timeout();
    }
}
