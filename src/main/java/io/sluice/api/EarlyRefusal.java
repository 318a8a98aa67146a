package io.sluice.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

/** A problem body sent by a route that runs before any endpoint, when the request's body was not (or not all) read. */
final class EarlyRefusal {

    private EarlyRefusal() {}

    static void send(RoutingContext context, ObjectMapper mapper, int status, String detail) {
        if (context.response().ended()) {
            return;
        }
        Problem problem =
                Problem.of(status, detail, null, instance(context.request().path()));
        String body;
        try {
            body = mapper.writeValueAsString(problem);
        } catch (JsonProcessingException e) {
            body = "{\"status\":" + status + "}";
        }
        HttpServerResponse response =
                context.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE);
        if (context.request().version() != HttpVersion.HTTP_2) {
            // the body was not read: the connection cannot carry another request, and is closed once the answer is out
            // (HTTP/2 forbids the header, and ends just this stream)
            response.putHeader(HttpHeaders.CONNECTION, "close")
                    .endHandler(done -> context.request().connection().close());
        }
        response.end(body);
    }

    /** The path for the problem's {@code instance}, cut short when it is itself what is too long. */
    private static String instance(String path) {
        return path == null ? null : path.length() <= 200 ? path : path.substring(0, 200) + "…";
    }
}
