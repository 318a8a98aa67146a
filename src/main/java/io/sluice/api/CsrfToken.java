package io.sluice.api;

import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpServerRequest;
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

    private final HttpServerRequest request;
    private String token;
    private boolean issued;

    CsrfToken(HttpServerRequest request) {
        this.request = request;
    }

    /** The token the request's cookie holds, or a new one that the response will set as the cookie. */
    public String token() {
        if (token == null) {
            token = fromCookie(request);
            if (token == null) {
                byte[] bytes = new byte[32];
                RANDOM.nextBytes(bytes);
                token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
                issued = true;
            }
        }
        return token;
    }

    /** Whether this request made a new token, which its response must set as the cookie. */
    boolean issued() {
        return issued;
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
