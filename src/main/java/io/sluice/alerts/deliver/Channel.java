package io.sluice.alerts.deliver;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A channel a notification goes to: a generic JSON webhook (signed when it has a secret), a Slack-compatible incoming
 * webhook, or the built-in {@value #LOG} channel (the server's log, nothing to configure). Its URL and secret are secrets (a Slack URL is its own credential): {@link #toString} and every message about
 * a delivery name the channel, never them.
 */
public record Channel(
        String name, Type type, URI url, Optional<String> secret, Duration timeout, List<String> recipients) {

    /** The built-in channel's name: notifications written to the server's log. */
    public static final String LOG = "log";

    public enum Type {
        WEBHOOK,
        SLACK,
        EMAIL,
        LOG;

        static Type of(String text) {
            try {
                Type type = valueOf(text.strip().toUpperCase(Locale.ROOT));
                if (type == LOG) {
                    throw new IllegalArgumentException("log");
                }
                return type;
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("a channel's type is webhook, slack or email, not '" + text + "'");
            }
        }
    }

    /** The built-in channel {@value #LOG}. */
    public static Channel log() {
        return new Channel(LOG, Type.LOG, null, Optional.empty(), null, List.of());
    }

    /** An e-mail channel to {@code to} (comma-separated addresses). */
    public static Channel email(String name, String to, Duration timeout) {
        if (LOG.equals(name)) {
            throw new IllegalArgumentException("channel log is built in (the server's log); give yours another name");
        }
        List<String> recipients = java.util.Arrays.stream(to.split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .toList();
        return new Channel(name, Type.EMAIL, null, Optional.empty(), timeout, recipients);
    }

    public Channel(String name, Type type, URI url, Optional<String> secret, Duration timeout) {
        this(name, type, url, secret, timeout, List.of());
    }

    public Channel {
        recipients = List.copyOf(recipients == null ? List.of() : recipients);
        if (type == Type.EMAIL) {
            if (recipients.isEmpty() || recipients.stream().anyMatch(r -> !r.matches("[^@\\s]+@[^@\\s]+"))) {
                throw new IllegalArgumentException(
                        "channel " + name + " needs its recipients: to=someone@example.com[,another@example.com]");
            }
        } else if (type != Type.LOG
                && (url == null
                        || !("https".equals(url.getScheme()) || "http".equals(url.getScheme()))
                        || url.getHost() == null)) {
            throw new IllegalArgumentException("channel " + name + " needs an http(s) URL");
        }
        if ((type == Type.LOG || type == Type.EMAIL) && url != null) {
            throw new IllegalArgumentException("channel " + name + " has no URL");
        }
        secret = secret == null ? Optional.empty() : secret.filter(s -> !s.isBlank());
        timeout = timeout == null ? Duration.ofSeconds(10) : timeout;
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("channel " + name + "'s timeout must be positive");
        }
    }

    public static Channel of(String name, String type, String url, Optional<String> secret, Duration timeout) {
        if (LOG.equals(name)) {
            throw new IllegalArgumentException("channel log is built in (the server's log); give yours another name");
        }
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
        return "channel " + name + " (" + type.name().toLowerCase(Locale.ROOT)
                + (type == Type.EMAIL ? ")" : ", URL and secret not shown)");
    }
}
