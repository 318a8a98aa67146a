package io.sluice.alerts.deliver;

import io.sluice.alerts.AlertRule;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The declared rules and the configured channels, checked together once: two rules with one name, a rule naming a
 * channel that is not configured, or a channel that cannot be read stop start-up with every problem in one message, as
 * an asset graph with a cycle does.
 */
public record AlertRegistry(Map<String, AlertRule> rules, Map<String, Channel> channels) {

    public AlertRegistry {
        rules = java.util.Collections.unmodifiableMap(new TreeMap<>(rules));
        channels = java.util.Collections.unmodifiableMap(new TreeMap<>(channels));
    }

    /** The registry of {@code declared} rules over the {@code configured} channels; refused with every problem found. */
    public static AlertRegistry of(
            Collection<AlertRule> declared, Map<String, AlertSettings.ChannelSettings> configured) {
        List<String> problems = new ArrayList<>();
        Map<String, Channel> channels = new LinkedHashMap<>();
        channels.put(Channel.LOG, Channel.log());
        configured.forEach((name, c) -> {
            try {
                channels.put(
                        name,
                        "email".equalsIgnoreCase(c.type().strip())
                                ? Channel.email(name, c.to().orElse(""), c.timeout())
                                : Channel.of(name, c.type(), c.url().orElse(null), c.secret(), c.timeout()));
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        });
        Map<String, AlertRule> rules = new LinkedHashMap<>();
        for (AlertRule rule : declared) {
            if (rules.putIfAbsent(rule.name(), rule) != null) {
                problems.add("two alert rules are named " + rule.name());
            }
            for (String channel : rule.channels()) {
                if (!configured.containsKey(channel) && !Channel.LOG.equals(channel)) {
                    problems.add("alert rule " + rule.name() + " notifies channel " + channel
                            + ", which is not configured (sluice.alerts.channels." + channel + ".type and .url)");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("The alert rules cannot start: " + String.join("; ", problems));
        }
        return new AlertRegistry(rules, channels);
    }

    public Optional<Channel> channel(String name) {
        return Optional.ofNullable(channels.get(name));
    }
}
