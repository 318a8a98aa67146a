package io.sluice.api;

import java.util.List;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;

/**
 * The OpenAPI document's last touches, set by {@code mp.openapi.filter}: every refusal is a {@link Problem}
 * ({@link ProblemResponses}), and each answered schema says which properties are always there
 * ({@link RequiredProperties}), and every list that takes a cursor names its next page in a Link header
 * ({@link NextLink}), and the whole API takes a bearer token.
 */
public class ApiDocumentFilter implements OASFilter {

    /** The security scheme's name, as {@code quarkus.smallrye-openapi.security-scheme-name} sets it. */
    static final String BEARER = "bearer";

    private final ProblemResponses problems = new ProblemResponses();

    @Override
    public Operation filterOperation(Operation operation) {
        return NextLink.document(problems.filterOperation(operation));
    }

    @Override
    public void filterOpenAPI(OpenAPI document) {
        RequiredProperties.apply(document);
        // every operation takes the bearer scheme (application.properties declares it); with authentication off it is
        // not needed, and the 401 answers say so when it is
        if (document.getComponents() != null
                && document.getComponents().getSecuritySchemes() != null
                && document.getComponents().getSecuritySchemes().containsKey(BEARER)) {
            document.setSecurity(List.of(OASFactory.createSecurityRequirement().addScheme(BEARER)));
        }
    }
}
