package io.sluice.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The size limits of a request, refused with a problem body before anything reads the body: a URL over
 * {@link #MAX_URL} characters (414; HTTP/1 only, as Vert.x's request line limit), headers over {@link #MAX_HEADERS} bytes (431), a declared body over
 * {@code quarkus.http.limits.max-body-size} (413). Vert.x and Quarkus would refuse them with an empty body: the
 * first two before any route runs (so their own limits are set well above these, see application.properties), the
 * last in a route this one runs ahead of. Past Vert.x's raised limits the empty refusal remains.
 */
@ApplicationScoped
public class HttpLimits {

    /** The longest request target (path and query) accepted, as Vert.x's default request line allows. */
    static final int MAX_URL = 4_096;
    /** The most bytes of headers accepted (names, values, separators), Quarkus's default. */
    static final int MAX_HEADERS = 20 * 1_024;

    private final ObjectMapper mapper;
    private final long maxBody;

    HttpLimits(ObjectMapper mapper, @ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize maxBody) {
        this.mapper = mapper;
        this.maxBody = maxBody.asLongValue();
    }

    void register(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 1).handler(this::check);
    }

    private void check(RoutingContext context) {
        Optional<Refusal> refusal = refusal(context.request(), maxBody);
        if (refusal.isEmpty()) {
            context.next();
            return;
        }
        Refusal r = refusal.get();
        Problem problem = Problem.of(r.status(), r.detail(), null, instance(context.request().path()));
        String body;
        try {
            body = mapper.writeValueAsString(problem);
        } catch (JsonProcessingException e) {
            body = "{\"status\":" + r.status() + "}";
        }
        io.vertx.core.http.HttpServerResponse response = context.response().setStatusCode(r.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE);
        if (context.request().version() != HttpVersion.HTTP_2) {
            // the body was not read: the connection cannot carry another request, and is closed once the answer is out
            // (HTTP/2 forbids the header, and ends just this stream)
            response.putHeader(HttpHeaders.CONNECTION, "close").endHandler(done -> context.request().connection().close());
        }
        response.end(body);
    }

    /** Why a request is too large (status, detail), if it is. */
    record Refusal(int status, String detail) {
    }

    static Optional<Refusal> refusal(HttpServerRequest request, long maxBody) {
        String uri = request.uri();
        // HTTP/2 has no request line: only its header limit applies
        if (request.version() != HttpVersion.HTTP_2 && uri.length() > MAX_URL) {
            return Optional.of(new Refusal(414, String.format(
                    "the request URL has %,d characters; at most %,d are accepted (send long lists in a POST body)",
                    uri.length(), MAX_URL)));
        }
        long headers = 0;
        for (Map.Entry<String, String> header : request.headers()) {
            headers += header.getKey().length() + header.getValue().length() + 4; // ": " and CRLF
        }
        if (headers > MAX_HEADERS) {
            return Optional.of(new Refusal(431, String.format(
                    "the request headers take %,d bytes; at most %,d are accepted", headers, MAX_HEADERS)));
        }
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            try {
                long declared = Long.parseLong(length.trim());
                if (declared > maxBody) {
                    return Optional.of(new Refusal(413, String.format(
                            "the request body has %,d bytes; at most %,d are accepted", declared, maxBody)));
                }
            } catch (NumberFormatException e) {
                return Optional.of(new Refusal(400, "the Content-Length header is not a number"));
            }
        }
        return Optional.empty();
    }

    /** The path for the problem's {@code instance}, cut short when it is itself what is too long. */
    private static String instance(String path) {
        return path == null ? null : path.length() <= 200 ? path : path.substring(0, 200) + "…";
    }
}
