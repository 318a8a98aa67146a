package io.sluice.api;

import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Refuses a change whose anti-forgery token ({@link CsrfToken}) is missing or does not match the request's cookie, on top
 * of {@link CrossSiteFilter}'s origin checks: every POST, PUT, PATCH or DELETE to a page, and one to the API (or the MCP
 * server, {@code /mcp}) that a browser makes with its cookies (the request has cookies and no {@code Authorization} header). API clients that send
 * no cookies (curl, scripts, the CLI with a token) need no token. The token is read from the {@code X-CSRF-Token}
 * header, else from a form body's {@code csrf} field. Nothing runs and nothing is stored when it is refused.
 */
public class CsrfGuard {

    private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS");
    private static final byte[] FIELD = (CsrfToken.FIELD + "=").getBytes(StandardCharsets.US_ASCII);

    private final HttpServerRequest http;

    public CsrfGuard(HttpServerRequest http) {
        this.http = http;
    }

    @ServerRequestFilter
    public Optional<Response> guard(ContainerRequestContext request) {
        if (SAFE.contains(request.getMethod().toUpperCase(Locale.ROOT))) {
            return Optional.empty();
        }
        String path = "/" + request.getUriInfo().getPath().replaceFirst("^/", "");
        boolean api = path.equals("/api") || path.startsWith("/api/") || path.equals("/mcp");
        if (api
                && (request.getHeaderString(HttpHeaders.COOKIE) == null
                        || request.getHeaderString(HttpHeaders.AUTHORIZATION) != null)) {
            return Optional.empty();
        }
        String expected = CsrfToken.fromCookie(http);
        String sent = request.getHeaderString(CsrfToken.HEADER);
        if (sent == null && isForm(request.getMediaType())) {
            sent = formField(request);
        }
        if (expected != null && sent != null && matches(expected, sent)) {
            return Optional.empty();
        }
        String detail = expected == null
                ? "this change came without Sluice's anti-forgery cookie; open the page again (it sets the cookie) and"
                        + " resend the form"
                : "this change came without the page's anti-forgery token (the csrf form field or the "
                        + CsrfToken.HEADER + " header), or with another page's; reload the page and resend the form";
        return Optional.of(Problem.response(403, detail, null, path));
    }

    static boolean matches(String expected, String sent) {
        return MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.US_ASCII), sent.strip().getBytes(StandardCharsets.US_ASCII));
    }

    private static boolean isForm(MediaType type) {
        return type != null && type.isCompatible(MediaType.APPLICATION_FORM_URLENCODED_TYPE);
    }

    /** The form's csrf field, read without decoding the rest of the body (which the page validates itself). */
    private static String formField(ContainerRequestContext request) {
        byte[] body;
        try {
            body = request.getEntityStream().readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        request.setEntityStream(new ByteArrayInputStream(body));
        return field(body);
    }

    /** The value of the first {@code csrf=} field of a form body, as it is written (tokens need no decoding). */
    static String field(byte[] body) {
        int start = 0;
        while (start <= body.length) {
            int end = start;
            while (end < body.length && body[end] != '&') {
                end++;
            }
            if (end - start >= FIELD.length && startsWith(body, start, FIELD)) {
                return new String(body, start + FIELD.length, end - start - FIELD.length, StandardCharsets.US_ASCII);
            }
            start = end + 1;
        }
        return null;
    }

    private static boolean startsWith(byte[] body, int at, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (body[at + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
