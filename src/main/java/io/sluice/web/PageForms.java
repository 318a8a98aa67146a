package io.sluice.web;

import io.sluice.runs.Actors;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the pages' action forms share: reading a strict form body, who acts, and the status of a refusal. */
final class PageForms {

    static final String ACTOR_HEADER = "X-Sluice-User";
    static final String DEFAULT_ACTOR = "web-ui";

    private PageForms() {}

    /** The form's fields; a field other than {@code repeatable} sent twice is refused, naming it. */
    static Map<String, List<String>> read(byte[] body, HttpHeaders headers, String repeatable) {
        Map<String, List<String>> fields = FormBody.parse(body, FormBody.charset(headers.getMediaType()));
        fields.forEach((name, values) -> {
            if (!name.equals(repeatable) && values.size() > 1) {
                throw RequestRejected.invalid(
                        name, "the field " + name + " was sent " + values.size() + " times; send it once");
            }
        });
        return fields;
    }

    static Optional<String> first(Map<String, List<String>> fields, String name) {
        List<String> values = fields.get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** The X-Sluice-User header, as the API reads it, or "web-ui". */
    static String actor(HttpHeaders headers) {
        String header = headers.getHeaderString(ACTOR_HEADER);
        return header == null || header.isBlank() ? DEFAULT_ACTOR : Actors.name(header);
    }

    /** The HTTP status of a refusal, as the API answers it: 400, 404, 409 or 422. */
    static int status(RequestRejected e) {
        if (e instanceof RequestRejected.Unreadable) {
            return 400;
        }
        if (e instanceof RequestRejected.NotFound) {
            return 404;
        }
        if (e instanceof RequestRejected.Conflict) {
            return 409;
        }
        return 422;
    }
}
