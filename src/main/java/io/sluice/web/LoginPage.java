package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.identity.SecurityIdentity;
import io.sluice.access.AccessConfig;
import io.sluice.access.AccessIdentityProviders;
import io.sluice.access.Logins;
import io.sluice.access.SignOn;
import io.sluice.runs.RequestRejected;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Logging in and out on the pages, and the password change a first login forces (authentication on,
 * {@code sluice.auth.enabled}). The session cookie is HttpOnly, SameSite=Lax, Secure when the request came over TLS, and
 * carries only a random id (the store keeps its SHA-256); a login goes on to {@code next} only when it is a path on this
 * site. With authentication off, these pages say so and lead to the overview.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class LoginPage {

    /** The session cookie's name (the same as the API's mechanism reads). */
    static final String SESSION_COOKIE = "sluice_session";

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance login(
                boolean enabled, String next, String user, String error, String signOn, String signOnName);

        static native TemplateInstance password(String user, String next, String error, boolean forced);
    }

    private final Logins logins;
    private final AccessConfig config;
    private final SecurityIdentity identity;
    private final SignOn signOn;

    public LoginPage(Logins logins, AccessConfig config, SecurityIdentity identity, SignOn signOn) {
        this.logins = logins;
        this.config = config;
        this.identity = identity;
        this.signOn = signOn;
    }

    @GET
    @Path("login")
    public TemplateInstance page(@QueryParam("next") String next) {
        return login(safeNext(next), "", null);
    }

    private TemplateInstance login(String next, String user, String error) {
        return Templates.login(
                config.enabled(),
                next,
                user,
                error,
                signOn.enabled() ? "/login/sso?next=" + encode(next) : null,
                signOn.providerName());
    }

    /**
     * Signing in through the identity provider (single sign-on): quarkus-oidc's code flow guards this path
     * ({@code quarkus.http.auth.permission.single-sign-on}), sending a browser without its session to the provider and
     * back; here the caller has signed on and goes on to {@code next}. With single sign-on off, back to the login page.
     */
    @GET
    @Path("login/sso")
    public Response signOn(@QueryParam("next") String next) {
        if (!signOn.enabled() || identity.isAnonymous()) {
            return seeOther("/login").build();
        }
        return seeOther(safeNext(next)).build();
    }

    @POST
    @Path("login")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response login(byte[] body, @Context HttpHeaders headers, @Context HttpServerRequest request) {
        if (!config.enabled()) {
            return seeOther("/").build();
        }
        Map<String, List<String>> form;
        try {
            form = PageForms.read(body, headers, null);
        } catch (RequestRejected | jakarta.ws.rs.BadRequestException e) {
            return page(400, login("/", "", e.getMessage()));
        }
        String user = PageForms.first(form, "user").orElse("").strip();
        String password = PageForms.first(form, "password").orElse("");
        String next = safeNext(PageForms.first(form, "next").orElse("/"));
        if (user.isEmpty() || password.isEmpty()) {
            return page(400, login(next, user, "Enter your user name and password."));
        }
        String address = request.remoteAddress() == null
                ? "unknown"
                : request.remoteAddress().hostAddress();
        Logins.Outcome outcome = logins.login(user, password, address);
        if (outcome instanceof Logins.Outcome.LoggedIn in) {
            return seeOther(in.mustChangePassword() ? "/password?next=" + encode(next) : next)
                    .cookie(cookie(in.sessionId(), request.isSSL(), false))
                    .build();
        }
        if (outcome instanceof Logins.Outcome.Throttled throttled) {
            long seconds = Math.max(1, throttled.retryAfter().toSeconds() + 1);
            return Response.fromResponse(page(
                            429,
                            login(
                                    next,
                                    user,
                                    "Too many failed logins for this user or from this address: try again in " + seconds
                                            + " seconds.")))
                    .header("Retry-After", seconds)
                    .build();
        }
        Logins.Outcome.Refused refused = (Logins.Outcome.Refused) outcome;
        return page(401, login(next, user, capitalize(refused.detail()) + "."));
    }

    @POST
    @Path("logout")
    public Response logout(@CookieParam(SESSION_COOKIE) String session, @Context HttpServerRequest request) {
        logins.logout(session);
        signOn.logout(identity);
        return seeOther(config.enabled() ? "/login" : "/")
                .cookie(cookie("", request.isSSL(), true))
                .build();
    }

    @GET
    @Path("password")
    public Response passwordPage(@QueryParam("next") String next) {
        if (!config.enabled() || identity.isAnonymous()) {
            return seeOther(config.enabled() ? "/login" : "/").build();
        }
        return page(200, Templates.password(identity.getPrincipal().getName(), safeNext(next), null, forced()));
    }

    @POST
    @Path("password")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response changePassword(byte[] body, @Context HttpHeaders headers) {
        if (!config.enabled() || identity.isAnonymous()) {
            return seeOther(config.enabled() ? "/login" : "/").build();
        }
        String user = identity.getPrincipal().getName();
        Map<String, List<String>> form;
        try {
            form = PageForms.read(body, headers, null);
        } catch (RequestRejected | jakarta.ws.rs.BadRequestException e) {
            return page(400, Templates.password(user, "/", e.getMessage(), forced()));
        }
        String next = safeNext(PageForms.first(form, "next").orElse("/"));
        String current = PageForms.first(form, "current").orElse("");
        String fresh = PageForms.first(form, "password").orElse("");
        String repeated = PageForms.first(form, "repeat").orElse("");
        Optional<String> refusal = fresh.equals(repeated)
                ? logins.changePassword(
                        user, current, fresh, identity.getAttribute(AccessIdentityProviders.SESSION_HASH))
                : Optional.of("the two new passwords differ");
        if (refusal.isPresent()) {
            return page(422, Templates.password(user, next, capitalize(refusal.get()) + ".", forced()));
        }
        return seeOther(next).build();
    }

    private boolean forced() {
        return Boolean.TRUE.equals(identity.getAttribute(AccessIdentityProviders.MUST_CHANGE_PASSWORD));
    }

    static NewCookie cookie(String value, boolean secure, boolean expire) {
        return new NewCookie.Builder(SESSION_COOKIE)
                .value(value)
                .path("/")
                .httpOnly(true)
                .secure(secure)
                .sameSite(NewCookie.SameSite.LAX)
                .maxAge(expire ? 0 : -1)
                .build();
    }

    /** A 303 to a path of this site, kept relative (JAX-RS's seeOther makes it absolute with the request's host). */
    private static Response.ResponseBuilder seeOther(String path) {
        return Response.status(303).header("Location", path);
    }

    private static Response page(int status, TemplateInstance page) {
        return Response.status(status)
                .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(page.render())
                .build();
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String encode(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * The {@code next} a login may go to: a path on this site ({@code /runs?status=FAILED}), else the overview. Never
     * another site ({@code //evil.example}, {@code https://…}, a backslash some browsers read as a slash).
     */
    static String safeNext(String next) {
        if (next == null
                || !next.startsWith("/")
                || next.startsWith("//")
                || next.contains("\\")
                || next.chars().anyMatch(c -> c < 0x20 || c == 0x7f)
                || next.startsWith("/login")) {
            return "/";
        }
        return next;
    }
}
