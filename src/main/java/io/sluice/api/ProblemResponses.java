package io.sluice.api;

import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Says once, for the whole document, what every refusal looks like: each 4xx response an operation declares (with its own
 * description) answers an RFC 9457 {@link Problem} as {@code application/problem+json}. Set by {@code mp.openapi.filter}.
 */
public class ProblemResponses implements OASFilter {

    static final String PROBLEM_SCHEMA = "#/components/schemas/Problem";

    @Override
    public Operation filterOperation(Operation operation) {
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
