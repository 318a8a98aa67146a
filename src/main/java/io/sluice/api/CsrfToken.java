package io.sluice.api;

import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Named;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * The request's anti-forgery token (a synchronizer token kept in a cookie, the "double submit" pattern): the pages put it
 * in every form ({@code <input type="hidden" name="csrf" value="{inject:csrf.token}">}) and in a meta tag that htmx
 * requests send back as the {@code X-CSRF-Token} header; {@link CsrfGuard} refuses a change whose token does not match
 * the cookie. A browser's request that has no valid cookie yet gets a new token, set as the cookie by
 * {@link CsrfCookie} when a page used it. Another site can neither read the cookie nor the page, so it cannot send the
 * token.
 */
@RequestScoped
@Named("csrf")
public class CsrfToken {

    /** The cookie that holds the token (HttpOnly, SameSite=Strict). */
    public static final String COOKIE = "sluice-csrf";
    /** The form field that carries the token. */
    public static final String FIELD = "csrf";
    /** The header that carries the token (htmx requests, scripts that use a browser's cookies). */
    public static final String HEADER = "X-CSRF-Token";

    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]{43}");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** Where {@link CsrfCookie} keeps, on the request, the token it is setting as the cookie. */
    static final String ISSUED = "sluice.csrf.issued";

    private final RoutingContext context;

    CsrfToken(RoutingContext context) {
        this.context = context;
    }

    /** The token the request's cookie holds, or the new one its answer sets as the cookie. */
    public String token() {
        String fromCookie = fromCookie(context.request());
        if (fromCookie != null) {
            return fromCookie;
        }
        String issued = context.get(ISSUED);
        if (issued == null) {
            issued = fresh();
            context.put(ISSUED, issued);
        }
        return issued;
    }

    /** A new random token. */
    static String fresh() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The token in the request's cookie, if it has one of the right shape. */
    static String fromCookie(HttpServerRequest request) {
        Cookie cookie = request.getCookie(COOKIE);
        return cookie != null && wellFormed(cookie.getValue()) ? cookie.getValue() : null;
    }

    static boolean wellFormed(String token) {
        return token != null && SHAPE.matcher(token).matches();
    }
}
