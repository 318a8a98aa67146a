package io.sluice.api;

import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Says once, for the whole document, what every refusal looks like: each 4xx response an operation declares (with its own
 * description) answers an RFC 9457 {@link Problem} as {@code application/problem+json}, and every operation declares the
 * 401 and 403 of authentication and roles ({@link #ACCESS_REFUSALS}). Set by {@code mp.openapi.filter}.
 */
public class ProblemResponses implements OASFilter {

    static final String PROBLEM_SCHEMA = "#/components/schemas/Problem";

    /** What every operation may answer with authentication on ({@link AccessGate}, the commands' role checks). */
    static final Map<String, String> ACCESS_REFUSALS = Map.of(
            "401",
            "No credentials, or a token or session that does not authenticate (unknown, expired, revoked, or of a"
                    + " disabled user): send Authorization: Bearer <token>, a personal token from POST /api/tokens."
                    + " Only with authentication on.",
            "403",
            "The caller's roles do not allow this (the problem names the role needed, and the asset outside the"
                    + " caller's groups when that is why), or the user must change their password first. Only with"
                    + " authentication on.");

    @Override
    public Operation filterOperation(Operation operation) {
        if (operation.getResponses() == null) {
            operation.setResponses(OASFactory.createAPIResponses());
        }
        ACCESS_REFUSALS.forEach((status, description) -> {
            if (operation.getResponses().getAPIResponse(status) == null) {
                operation
                        .getResponses()
                        .addAPIResponse(status, OASFactory.createAPIResponse().description(description));
            }
        });
        if (operation.getResponses() != null) {
            for (Map.Entry<String, APIResponse> response :
                    operation.getResponses().getAPIResponses().entrySet()) {
                if (response.getKey().startsWith("4") && response.getValue().getRef() == null) {
                    response.getValue().setContent(problem());
                }
            }
        }
        return operation;
    }

    private static Content problem() {
        return OASFactory.createContent()
                .addMediaType(
                        Problem.MEDIA_TYPE,
                        OASFactory.createMediaType()
                                .schema(OASFactory.createSchema().ref(PROBLEM_SCHEMA)));
    }
}
