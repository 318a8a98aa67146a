package io.sluice.web;

import io.sluice.app.Refusals;
import io.sluice.identity.Caller;
import io.sluice.identity.CallerRefused;
import io.sluice.identity.RequestCaller;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the pages' action forms share: reading a strict form body, who acts, and the status of a refusal. */
final class PageForms {

    /** Where a request names who acts, as the API reads it. */
    static final String ACTOR_HEADER = "X-Sluice-User";

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

    /**
     * Who acts (a caller, to hand to a command), as the API resolves it for the same request (the X-Sluice-User header's name, else anonymous); a name
     * reserved for Sluice's own automation is refused as a 400, one the trail cannot keep as a 422, naming the header.
     */
    static Caller caller(RequestCaller caller) {
        try {
            return caller.get();
        } catch (CallerRefused e) {
            throw e.reserved()
                    ? RequestRejected.malformed(ACTOR_HEADER, e.getMessage())
                    : RequestRejected.invalid(ACTOR_HEADER, e.getMessage());
        }
    }

    /** The HTTP status of a refusal, as the API answers it ({@link Refusals}): 400, 403, 404, 409 or 422. */
    static int status(RuntimeException e) {
        return Refusals.status(e);
    }
}
