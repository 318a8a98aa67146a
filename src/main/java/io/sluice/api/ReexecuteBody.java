package io.sluice.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.runs.JsonRefusal;
import io.sluice.runs.Reexecution;
import io.sluice.runs.RequestRejected;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The optional body of {@code POST /api/runs/{id}/reexecute}: what of the run to execute again and why. Who acts is the
 * caller, never a field of the body.
 */
@Schema(description = "What of the run to execute again, and why. Who acts is the caller, never a field of the body.")
public record ReexecuteBody(
        @Schema(
                enumeration = {"ALL", "FAILED"},
                description = "ALL (the default): every step again; FAILED: only the steps that did not succeed.")
        String scope,

        @Schema(description = "Why, kept with the new run and in the audit trail.")
        String reason) {

    private static final ReexecuteBody NONE = new ReexecuteBody(null, null);

    /** The scope asked for, as sent; ALL when the body gives none. */
    String chosenScope() {
        return scope == null ? Reexecution.Scope.ALL.name() : scope;
    }

    /** Reads the optional body from its bytes as strictly as every body; empty or white space: ALL, no reason. */
    static ReexecuteBody read(ObjectMapper mapper, byte[] body) {
        if (BackfillResource.blank(body)) {
            return NONE;
        }
        ReexecuteBody read;
        try {
            read = mapper.readValue(body, ReexecuteBody.class);
        } catch (JsonProcessingException e) {
            throw JsonRefusal.body(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // reading bytes in memory
        }
        if (read == null) {
            throw RequestRejected.malformed(
                    null, "request body must be an object like {\"scope\": \"FAILED\", \"reason\": \"...\"}, not null");
        }
        return read;
    }
}
