package io.sluice.access;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * With authentication off, whoever reaches Sluice may do everything: it may then listen on a loopback address only.
 * Pure; {@link AccessStartup} applies it before anything is served.
 */
public final class ListenRule {

    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "::1", "[::1]", "localhost");

    private ListenRule() {}

    /** Why Sluice may not start listening on {@code host} with authentication {@code enabled} or not, if it may not. */
    public static Optional<String> refusal(boolean authEnabled, String host) {
        if (authEnabled) {
            return Optional.empty();
        }
        String h = host == null ? "" : host.strip().toLowerCase(Locale.ROOT);
        if (LOOPBACK.contains(h) || h.startsWith("127.")) {
            return Optional.empty();
        }
        return Optional.of(
                "Sluice refuses to start: authentication is off (sluice.auth.enabled=false) and it would listen"
                        + " on " + (h.isEmpty() ? "every interface" : h)
                        + " (quarkus.http.host), where anyone who reaches it"
                        + " could do everything; set SLUICE_AUTH_ENABLED=true, or listen on 127.0.0.1 (QUARKUS_HTTP_HOST=127.0.0.1)");
    }
}
