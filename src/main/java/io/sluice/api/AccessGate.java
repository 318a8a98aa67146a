package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.sluice.access.AccessConfig;
import io.sluice.access.AccessIdentityProviders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * With authentication on, lets through only requests of an authenticated caller, before any page, API endpoint, stream or
 * {@code /q} tool runs; open to all are the health probes, the login page and the static files it needs. Without a
 * caller, a browser asking for a page is sent to {@code /login?next=<path>}; anything else (the API, scripts) gets a 401
 * problem with {@code WWW-Authenticate: Bearer}; a page's htmx request gets a 401 whose {@code HX-Redirect} takes the
 * browser to the login page (and back to the page it was on), and a page's form posted without JavaScript is sent
 * to the login page too (the change is not made: the user posts it again). A user who must change their password reaches only the password page and
 * logout until they do. With authentication off it lets everything through, as before.
 */
@ApplicationScoped
public class AccessGate {

    private static final List<String> OPEN_PREFIXES = List.of(AllowedHosts.HEALTH + "/", "/static/", "/webjars/");
    private static final List<String> OPEN_PATHS = List.of(AllowedHosts.HEALTH, "/login", "/favicon.ico");
    private static final List<String> BEFORE_PASSWORD_CHANGE = List.of("/password", "/logout");

    private final AccessConfig config;
    private final ObjectMapper mapper;

    AccessGate(AccessConfig config, ObjectMapper mapper) {
        this.config = config;
        this.mapper = mapper;
    }

    void register(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 1).handler(this::check);
    }

    /** Whether {@code path} is answered without a caller. */
    static boolean open(String path) {
        return path != null
                && (OPEN_PATHS.contains(path) || OPEN_PREFIXES.stream().anyMatch(path::startsWith));
    }

    private void check(RoutingContext context) {
        if (!config.enabled() || open(context.normalizedPath())) {
            context.next();
            return;
        }
        Object deferred = context.get(QuarkusHttpUser.DEFERRED_IDENTITY_KEY);
        if (deferred == null) {
            decide(context, context.user() instanceof QuarkusHttpUser u ? u.getSecurityIdentity() : null);
            return;
        }
        QuarkusHttpUser.getSecurityIdentity(context, null)
                .subscribe()
                .with(identity -> decide(context, identity), failure -> decide(context, null));
    }

    private void decide(RoutingContext context, SecurityIdentity identity) {
        String path = context.normalizedPath();
        if (identity == null || identity.isAnonymous()) {
            String refusal = context.get(AccessMechanism.REFUSAL);
            if (isHtmx(context)) {
                // a page's htmx request after its session ended: htmx follows HX-Redirect to the login page, which
                // brings the user back to the page they were on
                context.response()
                        .putHeader(
                                "HX-Redirect",
                                "/login?next="
                                        + URLEncoder.encode(
                                                samePath(context.request().getHeader("HX-Current-URL")),
                                                StandardCharsets.UTF_8));
                EarlyRefusal.send(context, mapper, 401, "your session ended: log in again");
                return;
            }
            if (wantsPage(context)) {
                String next = context.request().method() == HttpMethod.GET
                        ? next(context)
                        : samePath(context.request().getHeader("Referer"));
                redirect(context, "/login?next=" + URLEncoder.encode(next, StandardCharsets.UTF_8));
                return;
            }
            context.response().putHeader("WWW-Authenticate", "Bearer realm=\"sluice\"");
            EarlyRefusal.send(
                    context,
                    mapper,
                    401,
                    (refusal == null ? "this request needs authentication" : refusal)
                            + ": send Authorization: Bearer <token> (a personal token from POST /api/tokens), or log in"
                            + " at /login");
            return;
        }
        boolean mustChange = Boolean.TRUE.equals(identity.getAttribute(AccessIdentityProviders.MUST_CHANGE_PASSWORD));
        if (mustChange && !BEFORE_PASSWORD_CHANGE.contains(path)) {
            if (wantsPage(context)) {
                redirect(context, "/password");
                return;
            }
            EarlyRefusal.send(
                    context,
                    mapper,
                    403,
                    identity.getPrincipal().getName() + " must change their password first, at /password");
            return;
        }
        context.next();
    }

    private static void redirect(RoutingContext context, String to) {
        context.response().setStatusCode(303).putHeader("Location", to).end();
    }

    private static String next(RoutingContext context) {
        String query = context.request().query();
        return context.normalizedPath() + (query == null || query.isEmpty() ? "" : "?" + query);
    }

    /** The path and query of a page's address (a Referer or HX-Current-URL header), else {@code /}. */
    static String samePath(String url) {
        if (url == null || url.isBlank()) {
            return "/";
        }
        try {
            URI uri = new URI(url.strip());
            String path = uri.getRawPath();
            if (path == null || !path.startsWith("/")) {
                return "/";
            }
            return path + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        } catch (URISyntaxException e) {
            return "/";
        }
    }

    private static boolean isHtmx(RoutingContext context) {
        return "true".equalsIgnoreCase(context.request().getHeader("HX-Request"));
    }

    /** A browser asking for a page or posting a page's form: outside the API, its Accept names HTML first. */
    private static boolean wantsPage(RoutingContext context) {
        String path = context.normalizedPath();
        if (path.equals("/api") || path.startsWith("/api/")) {
            return false;
        }
        String accept =
                Optional.ofNullable(context.request().getHeader("Accept")).orElse("");
        return accept.strip().toLowerCase(java.util.Locale.ROOT).startsWith("text/html");
    }
}
