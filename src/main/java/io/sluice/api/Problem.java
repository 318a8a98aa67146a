package io.sluice.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.sluice.text.Text;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** An RFC 9457 problem details body; {@code field} names the request field at fault. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Why a request was refused (RFC 9457 problem details), in words a user can act on.")
public record Problem(
        @Schema(description = "A URI naming the kind of problem; about:blank: the status says it all.")
        String type,

        @Schema(description = "The status's reason phrase, like Unprocessable Entity.")
        String title,

        @Schema(description = "The HTTP status code, repeated.")
        int status,

        @Schema(description = "What is wrong and how to put it right, naming the value sent.")
        String detail,

        @Schema(description = "The request field or parameter at fault, like mode or assets[0], when one is.")
        String field,

        @Schema(description = "The path of the request that was refused.")
        String instance,

        @Schema(
                description = "The whole ids a short id could mean, when it was refused for being the end of"
                        + " several (choose one and send it again).")
        List<String> candidates) {

    public static final String MEDIA_TYPE = "application/problem+json";

    public static Response response(int status, String detail, String field, String instance) {
        return response(of(status, detail, field, instance));
    }

    static Response response(Problem problem) {
        return Response.status(problem.status())
                .type(MediaType.valueOf(MEDIA_TYPE))
                .entity(problem)
                .build();
    }

    /** This problem naming the ids a short id could mean (none: as it is). */
    Problem withCandidates(List<String> ids) {
        return ids == null || ids.isEmpty()
                ? this
                : new Problem(type, title, status, detail, field, instance, List.copyOf(ids));
    }

    /** A problem with the status's reason phrase as its title. */
    public static Problem of(int status, String detail, String field, String instance) {
        // what a request sent and a detail quotes stays on one line, drawn as sent (a client may print it to a
        // terminal)
        return new Problem(
                "about:blank",
                title(status),
                status,
                Text.escape(detail),
                Text.escape(field),
                Text.escape(instance),
                null);
    }

    /** The status's reason phrase, also for those JAX-RS does not name (421, 422, 431). */
    static String title(int status) {
        Response.Status known = Response.Status.fromStatusCode(status);
        if (known != null) {
            return known.getReasonPhrase();
        }
        return switch (status) {
            case 421 -> "Misdirected Request";
            case 422 -> "Unprocessable Entity";
            case 431 -> "Request Header Fields Too Large";
            default -> status >= 500 ? "Server Error" : "Client Error";
        };
    }
}
