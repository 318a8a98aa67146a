package io.sluice.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.runs.JsonRefusal;
import io.sluice.runs.RequestRejected;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The one optional body of every steering request (run cancel; backfill pause, resume, cancel and retry; schedule and
 * sensor start and stop): {@code {"reason": "..."}}. Who acts comes from the {@code X-Sluice-User} header only, so an
 * actor in the body ({@code launchedBy}, {@code actor}) is an unknown field.
 */
@Schema(description = "Why, kept in the audit trail. Who acts comes from the X-Sluice-User header.")
public record ReasonBody(
        @Schema(description = "Why, kept in the audit trail.")
        String reason) {

    private static final ReasonBody NONE = new ReasonBody(null);

    /**
     * Reads the optional body from its bytes (so that bytes that are not UTF-8 are refused rather than read as U+FFFD),
     * as strictly as every body: a problem names the field. Empty or white space: no reason.
     */
    static ReasonBody read(ObjectMapper mapper, byte[] body) {
        if (BackfillResource.blank(body)) {
            return NONE;
        }
        ReasonBody read;
        try {
            read = mapper.readValue(body, ReasonBody.class);
        } catch (JsonProcessingException e) {
            throw JsonRefusal.body(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // reading bytes in memory
        }
        if (read == null) {
            throw RequestRejected.malformed(
                    null, "request body must be an object like {\"reason\": \"...\"}, not null");
        }
        return read;
    }
}
