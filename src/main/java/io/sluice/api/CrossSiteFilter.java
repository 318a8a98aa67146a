package io.sluice.api;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Refuses a request that changes something (POST, PUT, PATCH, DELETE) when a browser says another site sent it: a page
 * anywhere on the web could otherwise have an operator's browser post the launch form ({@code /ui/launch}: any run or
 * backfill, recorded as launched from the web UI) or cancel a run or backfill, as those endpoints take form or plain
 * bodies that need no CORS preflight. Browsers name the sender in {@code Sec-Fetch-Site}; older ones only send
 * {@code Origin}, compared here with {@code Host}. Clients that send neither (curl, scripts) are not browsers and pass.
 */
public class CrossSiteFilter {

    private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS");

    @ServerRequestFilter(preMatching = true)
    public Optional<Response> crossSite(ContainerRequestContext request) {
        if (SAFE.contains(request.getMethod().toUpperCase(Locale.ROOT))) {
            return Optional.empty();
        }
        Optional<String> refusal = refusal(
                request.getHeaderString("Sec-Fetch-Site"),
                request.getHeaderString("Origin"),
                request.getHeaderString("Host"));
        String path = "/" + request.getUriInfo().getPath().replaceFirst("^/", "");
        return refusal.map(detail -> Problem.response(403, detail, null, path));
    }

    /** Why a state-changing request with these headers is refused, if it is. */
    static Optional<String> refusal(String fetchSite, String origin, String host) {
        if (fetchSite != null) {
            String site = fetchSite.trim().toLowerCase(Locale.ROOT);
            return site.equals("same-origin") || site.equals("none")
                    ? Optional.empty()
                    : Optional.of(
                            "a request from another site (Sec-Fetch-Site: " + site + ") may not change anything here; "
                                    + "use Sluice's own pages, or the API from a client that is not a browser");
        }
        if (origin == null || origin.isBlank()) {
            return Optional.empty();
        }
        if (host != null && sameHost(origin.trim(), host.trim())) {
            return Optional.empty();
        }
        return Optional.of("a request from another origin (" + origin.trim() + ") may not change anything here; "
                + "use Sluice's own pages, or the API from a client that is not a browser");
    }

    private static boolean sameHost(String origin, String host) {
        try {
            URI uri = new URI(origin);
            if (uri.getHost() == null) {
                return false; // "null": a sandboxed or opaque origin
            }
            String authority = uri.getPort() < 0 ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
            String defaultPort = "https".equalsIgnoreCase(uri.getScheme()) ? ":443" : ":80";
            return authority.equalsIgnoreCase(host) || (authority + defaultPort).equalsIgnoreCase(host);
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
