package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.oidc.OIDCException;
import io.quarkus.security.AuthenticationCompletionException;
import io.quarkus.security.AuthenticationException;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.sluice.access.AccessConfig;
import io.sluice.access.AccessIdentityProviders;
import io.sluice.access.SignOnIdentities;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.identity.NotAllowed;
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
 * {@code /q} tool runs; open to all are the health probes, the login page (and its single sign-on path) and the static
 * files it needs. Without a caller, a browser asking for a page is sent to {@code /login?next=<path>}; anything else (the
 * API, scripts) gets a 401 problem with {@code WWW-Authenticate: Bearer}, also when Quarkus security refused a credential
 * itself (the identity provider's access token); a page's htmx request gets a 401 whose {@code HX-Redirect} takes the
 * browser to the login page (and back to the page it was on), and a page's form posted without JavaScript is sent to the
 * login page too (the change is not made: the user posts it again). A caller holding no grant (a signed-on user whose role claim maps to
 * nothing) gets a 403 everywhere but logout, and a user who must change their password reaches only the password page
 * and logout until they do. With authentication off it lets everything through, as before.
 */
@ApplicationScoped
public class AccessGate {

    private static final List<String> OPEN_PREFIXES = List.of(AllowedHosts.HEALTH + "/", "/static/", "/webjars/");
    private static final List<String> OPEN_PATHS =
            List.of(AllowedHosts.HEALTH, "/login", AccessGate.SIGN_ON, "/favicon.ico");

    /** Where the pages sign in through the identity provider (single sign-on); quarkus-oidc's code flow guards it. */
    public static final String SIGN_ON = "/login/sso";

    private static final List<String> BEFORE_PASSWORD_CHANGE = List.of("/password", "/logout");
    /** What a caller holding no role still reaches: logging out, and asking who it is. */
    private static final List<String> NO_ROLE_NEEDED = List.of("/logout", "/api/me");

    private final AccessConfig config;
    private final ObjectMapper mapper;

    AccessGate(AccessConfig config, ObjectMapper mapper) {
        this.config = config;
        this.mapper = mapper;
    }

    void register(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 1).handler(this::check);
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 1).failureHandler(this::refused);
    }

    /**
     * A credential that Quarkus security refused before any route ran (the identity provider's access token: expired,
     * wrongly signed, meant for another client) gets the same 401 problem as a refused Sluice token, never a bare status;
     * a sign-in through the provider that did not complete (a stale or replayed callback) gets a page leading back to the
     * login page. A challenge that answers otherwise (the code flow's redirect to the provider) is left as it is.
     */
    private void refused(RoutingContext context) {
        if (context.response().ended()) {
            context.next();
            return;
        }
        Throwable cause = rootCause(context.failure());
        if (!(cause instanceof AuthenticationException) || context.response().getStatusCode() != 401) {
            if (providerUnreachable(context.failure())) {
                refuse(
                        context,
                        503,
                        "the identity provider (single sign-on) cannot be reached now, so its sign-in and access"
                                + " tokens cannot be checked; Sluice's own tokens and passwords still work (the server"
                                + " log says why)");
                return;
            }
            context.next();
            return;
        }
        if (cause instanceof AuthenticationCompletionException) {
            refuse(
                    context,
                    401,
                    "Signing in through the identity provider did not complete (a stale or repeated sign-in, or the"
                            + " provider refused it): log in again at /login");
            return;
        }
        challenge(
                context,
                "the bearer token was refused: it is not a valid access token of the identity provider (expired, wrongly"
                        + " signed or meant for another client) nor a token Sluice issued");
    }

    private static boolean providerUnreachable(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof OIDCException) {
                return true;
            }
        }
        return false;
    }

    private static Throwable rootCause(Throwable t) {
        Throwable c = t;
        while (c != null && c.getCause() != null && c.getCause() != c && !(c instanceof AuthenticationException)) {
            c = c.getCause();
        }
        return c;
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
            challenge(
                    context,
                    (refusal == null ? "this request needs authentication" : refusal)
                            + ": send Authorization: Bearer <token> (a personal token from POST /api/tokens), or log in"
                            + " at /login");
            return;
        }
        Caller caller = identity.getAttribute(AccessIdentityProviders.CALLER);
        if ((caller == null || !caller.may(Action.READ)) && !NO_ROLE_NEEDED.contains(path)) {
            String refusal = identity.getAttribute(SignOnIdentities.REFUSAL);
            String why = refusal != null ? refusal : "holds no role";
            if (caller != null) {
                try {
                    caller.require(Action.READ);
                } catch (NotAllowed e) {
                    why = e.getMessage();
                }
            }
            refuse(
                    context,
                    403,
                    why + "; grants come from an admin, or with single sign-on from the identity provider's"
                            + " role claim (docs/access.md)");
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

    /** A 401 for a client that sent no credential Sluice accepts: the bearer challenge and a problem body. */
    private void challenge(RoutingContext context, String detail) {
        context.response().putHeader("WWW-Authenticate", "Bearer realm=\"sluice\"");
        EarlyRefusal.send(context, mapper, 401, detail);
    }

    /** A refusal before any route: a problem for the API and scripts, a readable page for a browser. */
    private void refuse(RoutingContext context, int status, String detail) {
        if (!wantsPage(context)) {
            EarlyRefusal.send(context, mapper, status, detail);
            return;
        }
        context.response()
                .setStatusCode(status)
                .putHeader("Content-Type", "text/html; charset=UTF-8")
                .end("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Sluice · "
                        + (status == 403 ? "not allowed" : status == 401 ? "not signed in" : "unavailable") + "</title>"
                        + "<link rel=\"stylesheet\" href=\"/static/sluice.css\"></head><body><main id=\"content\">"
                        + "<section class=\"panel\"><h1>"
                        + (status == 403 ? "Not allowed" : status == 401 ? "Not signed in" : "Unavailable")
                        + "</h1><p class=\"error\" role=\"alert\">"
                        + html(detail) + "</p>"
                        + (status == 403
                                ? "<form method=\"post\" action=\"/logout\"><input type=\"hidden\" name=\""
                                        + CsrfToken.FIELD + "\" value=\"" + CsrfCookie.token(context) + "\">"
                                        + "<button type=\"submit\">Log out</button></form>"
                                : "<p><a class=\"button-link\" href=\"/login\">Log in</a></p>")
                        + "</section></main></body></html>");
    }

    private static String html(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
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
