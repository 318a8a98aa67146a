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
 * environment or a Secret in production ({@code SLUICE_ALERTS_CHANNELS_OPS_URL}); Sluice never shows them back.
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
        /** {@code webhook} or {@code slack}. */
        String type();

        String url();

        Optional<String> secret();

        @WithDefault("10s")
        Duration timeout();
    }
}
