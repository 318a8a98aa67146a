package io.sluice.alerts.deliver;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * A channel a notification goes to: a generic JSON webhook (signed when it has a secret) or a Slack-compatible incoming
 * webhook. Its URL and secret are secrets (a Slack URL is its own credential): {@link #toString} and every message about
 * a delivery name the channel, never them.
 */
public record Channel(String name, Type type, URI url, Optional<String> secret, Duration timeout) {

    public enum Type {
        WEBHOOK,
        SLACK;

        static Type of(String text) {
            try {
                return valueOf(text.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("a channel's type is webhook or slack, not '" + text + "'");
            }
        }
    }

    public Channel {
        if (url == null
                || !(("https".equals(url.getScheme())) || "http".equals(url.getScheme()))
                || url.getHost() == null) {
            throw new IllegalArgumentException("channel " + name + " needs an http(s) URL");
        }
        secret = secret == null ? Optional.empty() : secret.filter(s -> !s.isBlank());
        timeout = timeout == null ? Duration.ofSeconds(10) : timeout;
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("channel " + name + "'s timeout must be positive");
        }
    }

    public static Channel of(String name, String type, String url, Optional<String> secret, Duration timeout) {
        URI uri;
        try {
            uri = URI.create(url.strip());
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("channel " + name + "'s URL is not a URL");
        }
        return new Channel(name, Type.of(type), uri, secret, timeout);
    }

    @Override
    public String toString() {
        return "channel " + name + " (" + type.name().toLowerCase(Locale.ROOT) + ", URL and secret not shown)";
    }
}
