package io.sluice.api;

import io.sluice.app.Cursor;
import io.sluice.app.ListPage;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * A list's answer: the page's items as a JSON array, and where there is a next page, an RFC 8288 {@code Link} header
 * naming it ({@code <...&cursor=...>; rel="next"}): the request's address with every filter kept and the next page's
 * cursor. The body keeps its shape; clients page by following the header.
 */
final class NextLink {

    static final String HEADER = "Link";

    static final String DESCRIBED =
            "The page's items, newest first. Where there is a next page, the Link header names it: <address>;"
                    + " rel=\"next\", the same filters with the next page's cursor; no Link header on the last page.";

    private NextLink() {}

    static <T, R> RestResponse<List<R>> answer(ListPage<T> page, Function<T, R> item, UriInfo uri) {
        RestResponse.ResponseBuilder<List<R>> answer =
                RestResponse.ResponseBuilder.ok(page.items().stream().map(item).toList());
        page.next().ifPresent(c -> answer.header(HEADER, link(uri, Cursor.PARAMETER, c.encode(), null, "next")));
        return answer.build();
    }

    static final String HEADER_DESCRIBED = "RFC 8288: <address>; rel=\"next\", the address of the next page (the"
            + " same filters and limit, with its cursor); absent on the last page.";

    /** The OpenAPI document's side: an operation that takes a cursor answers the Link header with its success. */
    static Operation document(Operation operation) {
        boolean paged = operation.getParameters() != null
                && operation.getParameters().stream().anyMatch(p -> Cursor.PARAMETER.equals(p.getName()));
        APIResponse ok = operation.getResponses() == null
                ? null
                : operation.getResponses().getAPIResponse("200");
        if (paged && ok != null) {
            ok.addHeader(
                    HEADER,
                    OASFactory.createHeader()
                            .description(HEADER_DESCRIBED)
                            .schema(OASFactory.createSchema().addType(Schema.SchemaType.STRING)));
        }
        return operation;
    }

    /**
     * {@code <address>; rel="rel"}: the request's address with {@code parameter} set to {@code value} and the position
     * parameter {@code without} (if any) left out. The lake's rows use it too, with their after and before.
     */
    static String link(UriInfo uri, String parameter, String value, String without, String rel) {
        UriBuilder address = uri.getRequestUriBuilder();
        if (without != null) {
            address.replaceQueryParam(without);
        }
        return "<" + address.replaceQueryParam(parameter, value).build() + ">; rel=\"" + rel + "\"";
    }
}
