package io.sluice.api;

import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Gives a browser that has no anti-forgery cookie ({@link CsrfToken}) one when it asks for a page: decided before the
 * page runs (the token is kept on the request for the page's forms) and written just before the answer's headers go
 * out, so nothing a page or a filter does to its headers can drop it. HttpOnly, SameSite=Strict, Secure over TLS. The
 * API, the management paths and static files get none.
 */
@ApplicationScoped
public class CsrfCookie {

    void register(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 1).handler(this::issue);
    }

    private void issue(RoutingContext context) {
        String path = context.request().path();
        if (path != null && isPage(path)) {
            token(context);
        }
        context.next();
    }

    /**
     * The request's anti-forgery token for a page's forms: its cookie's, else one set as the cookie with the answer (once,
     * whoever asks first: this route or a refusal page answered before it, see {@link AccessGate}).
     */
    static String token(RoutingContext context) {
        String held = CsrfToken.fromCookie(context.request());
        if (held != null) {
            return held;
        }
        String issued = context.get(CsrfToken.ISSUED);
        if (issued != null) {
            return issued;
        }
        String token = CsrfToken.fresh();
        context.put(CsrfToken.ISSUED, token);
        boolean tls = context.request().isSSL();
        String cookie = Cookie.cookie(CsrfToken.COOKIE, token)
                .setPath("/")
                .setHttpOnly(true)
                .setSameSite(CookieSameSite.STRICT)
                .setSecure(tls)
                .encode();
        // a header, not addCookie: Vert.x writes its cookie jar in a headers-end handler that may run before this one
        context.addHeadersEndHandler(v -> context.response().headers().add(HttpHeaders.SET_COOKIE, cookie));
        return token;
    }

    static boolean isPage(String path) {
        for (String prefix : new String[] {"/api", "/q/", "/static/", "/webjars/"}) {
            if (path.equals(prefix) || path.startsWith(prefix.endsWith("/") ? prefix : prefix + "/")) {
                return false;
            }
        }
        return true;
    }
}
