package io.sluice.api;

import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;

/**
 * The OpenAPI document's last touches, set by {@code mp.openapi.filter}: every refusal is a {@link Problem}
 * ({@link ProblemResponses}), and each answered schema says which properties are always there
 * ({@link RequiredProperties}), and every list that takes a cursor names its next page in a Link header
 * ({@link NextLink}).
 */
public class ApiDocumentFilter implements OASFilter {

    private final ProblemResponses problems = new ProblemResponses();

    @Override
    public Operation filterOperation(Operation operation) {
        return NextLink.document(problems.filterOperation(operation));
    }

    @Override
    public void filterOpenAPI(OpenAPI document) {
        RequiredProperties.apply(document);
    }
}
