package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.vertx.http.ManagementInterface;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.sluice.text.Text;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Answers only requests addressed to a host name Sluice is configured to be reached by: {@code sluice.http.allowed-hosts}
 * (by default localhost, 127.0.0.1 and [::1]) and the host of {@code sluice.http.public-url}. Any other Host header is
 * refused with a 421 problem before anything runs, for reads as well as changes: a page on another site whose name
 * resolves to this server (DNS rebinding) is same-origin to the browser, so {@link CrossSiteFilter} cannot tell it
 * apart, and could otherwise read and steer Sluice through an operator's browser. The port is not compared. The same rule
 * holds on the management interface (metrics), except for the health checks ({@code /q/health}), which are answered
 * whatever the host, as orchestrators probe them by address.
 * {@code *} among the allowed hosts turns the check off.
 */
@ApplicationScoped
public class AllowedHosts {

    static final String HEALTH = "/q/health";

    private final ObjectMapper mapper;
    private final Set<String> allowed;

    AllowedHosts(
            ObjectMapper mapper,
            @ConfigProperty(name = "sluice.http.allowed-hosts") List<String> hosts,
            @ConfigProperty(name = "sluice.http.public-url") Optional<String> publicUrl) {
        this.mapper = mapper;
        this.allowed = allowed(hosts, publicUrl);
    }

    /** The host names accepted: the configured ones and the public URL's host, in lower case. */
    static Set<String> allowed(List<String> hosts, Optional<String> publicUrl) {
        Set<String> names = new LinkedHashSet<>();
        hosts.stream()
                .map(String::trim)
                .filter(h -> !h.isEmpty())
                .map(AllowedHosts::name)
                .forEach(names::add);
        publicUrl.map(String::trim).filter(u -> !u.isEmpty()).ifPresent(url -> {
            URI uri = URI.create(url);
            if (uri.getHost() == null) {
                throw new IllegalArgumentException(
                        "sluice.http.public-url must be a URL with a host, like https://sluice.example.com; got "
                                + url);
            }
            names.add(name(uri.getHost()));
        });
        return Set.copyOf(names);
    }

    void register(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 2).handler(this::check);
    }

    /** The management interface (metrics, health) answers by the same rule, health probes excepted. */
    void register(@Observes ManagementInterface management) {
        management.router().route().order(Integer.MIN_VALUE).handler(this::check);
    }

    private void check(RoutingContext context) {
        String path = context.request().path();
        if (path != null && (path.equals(HEALTH) || path.startsWith(HEALTH + "/"))) {
            context.next();
            return;
        }
        Optional<String> refusal = refusal(context.request().host(), allowed);
        if (refusal.isEmpty()) {
            context.next();
            return;
        }
        EarlyRefusal.send(context, mapper, 421, refusal.get());
    }

    /** Why a request with this Host header (host and optional port) is not answered, if it is not. */
    static Optional<String> refusal(String hostHeader, Set<String> allowed) {
        if (allowed.contains("*")) {
            return Optional.empty();
        }
        if (hostHeader == null || hostHeader.isBlank()) {
            return Optional.of("the request names no host (no Host header); send the host name Sluice is reached by");
        }
        String host = name(hostHeader.trim());
        if (allowed.contains(host)) {
            return Optional.empty();
        }
        return Optional.of("this server does not answer to the host " + Text.quote(host)
                + " (the request's Host header). If Sluice is reached by that name, add it to sluice.http.allowed-hosts or set "
                + "sluice.http.public-url");
    }

    /** A host name without its port, in lower case and without a final dot: {@code [::1]:8080} is {@code [::1]}. */
    static String name(String authority) {
        String host = authority;
        if (host.startsWith("[")) {
            int end = host.indexOf(']');
            host = end < 0 ? host : host.substring(0, end + 1);
        } else if (host.indexOf(':') == host.lastIndexOf(':') && host.indexOf(':') >= 0) {
            host = host.substring(0, host.indexOf(':'));
        }
        host = host.toLowerCase(Locale.ROOT);
        return host.endsWith(".") && host.length() > 1 ? host.substring(0, host.length() - 1) : host;
    }
}
