package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.impl.RoutingContextInternal;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The size limits of a request, refused with a problem body before anything reads the body: a URL over
 * {@link #MAX_URL} characters (414; HTTP/1 only, as Vert.x's request line limit), headers over {@link #MAX_HEADERS} bytes (431), a body over
 * {@code quarkus.http.limits.max-body-size} (413), declared or, chunked, once it passes the limit. Vert.x and Quarkus would
 * refuse them with an empty body: the first two before any route runs (so their own limits are set well above these,
 * see application.properties), the last in a route this one runs ahead of or while the endpoint reads the body. Past
 * Vert.x's raised limits the empty refusal remains.
 */
@ApplicationScoped
public class HttpLimits {

    /** The longest request target (path and query) accepted, as Vert.x's default request line allows. */
    static final int MAX_URL = 4_096;
    /** The most bytes of headers accepted (names, values, separators), Quarkus's default. */
    static final int MAX_HEADERS = 20 * 1_024;

    private static final Set<HttpMethod> WITH_BODY =
            Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE);

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
        HttpServerRequest request = context.request();
        Optional<Refusal> refusal = refusal(request, maxBody);
        if (refusal.isPresent()) {
            EarlyRefusal.send(
                    context, mapper, refusal.get().status(), refusal.get().detail());
        } else if (request.getHeader(HttpHeaders.CONTENT_LENGTH) == null
                && !request.isEnded()
                && carriesBody(request)) {
            readUpToLimit(context);
        } else {
            context.next();
        }
    }

    /** A body of unknown length: chunked (HTTP/1.1), or a request with a body and no Content-Length (HTTP/2). */
    static boolean carriesBody(HttpServerRequest request) {
        return request.version() == HttpVersion.HTTP_2
                ? WITH_BODY.contains(request.method())
                : request.headers().contains(HttpHeaders.TRANSFER_ENCODING);
    }

    /**
     * Reads a body whose length is not declared, refusing it with a 413 problem as soon as it passes the limit; within it,
     * the endpoint reads it from memory. (Left to the framework, the body is read as the endpoint parses it, and past the
     * limit the framework answers an empty 413 in the middle of the parse, which then fails and logs two ERROR stack traces.)
     */
    private void readUpToLimit(RoutingContext context) {
        HttpServerRequest request = context.request();
        Buffer body = Buffer.buffer();
        boolean[] done = {false};
        request.handler(chunk -> {
            if (done[0]) {
                return;
            }
            if ((long) body.length() + chunk.length() > maxBody) {
                done[0] = true;
                EarlyRefusal.send(
                        context,
                        mapper,
                        413,
                        String.format(
                                "the request body has more than %,d bytes; at most %,d are accepted",
                                maxBody, maxBody));
                return;
            }
            body.appendBuffer(chunk);
        });
        request.exceptionHandler(e -> done[0] = true); // the client went away: there is no one to answer
        request.endHandler(end -> {
            if (!done[0]) {
                done[0] = true;
                context.setBody(body);
                if (context instanceof RoutingContextInternal internal) {
                    internal.visitHandler(
                            RoutingContextInternal
                                    .BODY_HANDLER); // read: a body handler further on must not wait for it
                }
                context.next();
            }
        });
        if (request.version() != HttpVersion.HTTP_2
                && "100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT))) {
            context.response().writeContinue();
        }
        request.resume();
    }

    /** Why a request is too large (status, detail), if it is. */
    record Refusal(int status, String detail) {}

    static Optional<Refusal> refusal(HttpServerRequest request, long maxBody) {
        String uri = request.uri();
        // HTTP/2 has no request line: only its header limit applies
        if (request.version() != HttpVersion.HTTP_2 && uri.length() > MAX_URL) {
            return Optional.of(new Refusal(
                    414,
                    String.format(
                            "the request URL has %,d characters; at most %,d are accepted (send long lists in a POST body)",
                            uri.length(), MAX_URL)));
        }
        long headers = 0;
        for (Map.Entry<String, String> header : request.headers()) {
            headers += header.getKey().length() + header.getValue().length() + 4; // ": " and CRLF
        }
        if (headers > MAX_HEADERS) {
            return Optional.of(new Refusal(
                    431,
                    String.format(
                            "the request headers take %,d bytes; at most %,d are accepted", headers, MAX_HEADERS)));
        }
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            try {
                long declared = Long.parseLong(length.trim());
                if (declared > maxBody) {
                    return Optional.of(new Refusal(
                            413,
                            String.format(
                                    "the request body has %,d bytes; at most %,d are accepted", declared, maxBody)));
                }
            } catch (NumberFormatException e) {
                return Optional.of(new Refusal(400, "the Content-Length header is not a number"));
            }
        }
        return Optional.empty();
    }
}
