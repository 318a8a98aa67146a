package io.sluice.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.sluice.runs.JsonMistake;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Every error leaves the API as problem+json: 4xx naming the field, never a stack trace. */
public class ProblemMappers {

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

    @ServerExceptionMapper
    public Response rejected(RequestRejected e, UriInfo uri) {
        return Problem.response(e.status(), e.getMessage(), e.field(), path(uri));
    }

    @ServerExceptionMapper
    public Response mismatchedJson(MismatchedInputException e, UriInfo uri) {
        return unreadableJson(e, uri);
    }

    @ServerExceptionMapper
    public Response unreadableJson(JsonProcessingException e, UriInfo uri) {
        // the JSON library's words name Java types and its own settings: JsonMistake says what was wrong instead
        if (e instanceof MismatchedInputException m && !m.getPath().isEmpty()) {
            String field = field(m);
            return Problem.response(400, "request body field '" + field + "' " + JsonMistake.ofField(m)
                    .orElse("has the wrong type: " + clean(m.getOriginalMessage())), field, path(uri));
        }
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m && !m.getPath().isEmpty()
                && m.getCause() instanceof com.fasterxml.jackson.core.exc.InputCoercionException) {
            // a number out of its field's range: "maxConcurrent": 99999999999
            String field = field(m);
            return Problem.response(400, "request body field '" + field + "' " + JsonMistake.ofField(m)
                    .orElse("is not valid: " + clean(m.getOriginalMessage())), field, path(uri));
        }
        return Problem.response(400, JsonMistake.ofField(e).map(shape -> "request body " + shape)
                .orElseGet(() -> "request body is not valid JSON: " + JsonMistake.syntax(e)), null, path(uri));
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, UriInfo uri) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return unreadableJson(json, uri);
        }
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            LOG.error("request failed", e);
            return Problem.response(status, "internal error; see the server log", null, path(uri));
        }
        return Problem.response(status, e.getMessage(), null, path(uri));
    }

    @ServerExceptionMapper
    public Response unexpected(Exception e, UriInfo uri) {
        LOG.errorf(e, "unexpected error on %s", path(uri));
        return Problem.response(500, "internal error: " + e.getClass().getSimpleName() + "; see the server log", null, path(uri));
    }

    /** The JSON path of the field at fault, like {@code ranges[0].start}. */
    private static String field(com.fasterxml.jackson.databind.JsonMappingException e) {
        return e.getPath().stream()
                .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
    }

    /** Jackson's message without its source-location noise. */
    private static String clean(String message) {
        return message == null ? "" : message.split("\n")[0].replaceAll("\\s*\\(start marker at .*$", "").replaceAll("\\s*\\(for Object starting at .*$", "");
    }

    private static String path(UriInfo uri) {
        return uri == null ? null : uri.getPath();
    }
}
