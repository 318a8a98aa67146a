package io.sluice.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** An RFC 9457 problem details body; {@code field} names the request field at fault. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, String field, String instance) {

    public static final String MEDIA_TYPE = "application/problem+json";

    public static Response response(int status, String detail, String field, String instance) {
        return Response.status(status).type(MediaType.valueOf(MEDIA_TYPE)).entity(of(status, detail, field, instance)).build();
    }

    /** A problem with the status's reason phrase as its title. */
    public static Problem of(int status, String detail, String field, String instance) {
        Response.Status known = Response.Status.fromStatusCode(status);
        String title = known != null ? known.getReasonPhrase() : status == 422 ? "Unprocessable Entity" : "Error";
        return new Problem("about:blank", title, status, detail, field, instance);
    }
}
