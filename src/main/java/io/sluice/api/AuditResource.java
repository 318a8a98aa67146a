package io.sluice.api;

import io.sluice.app.AuditList;
import io.sluice.app.PageRequest;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditFilter;
import io.sluice.identity.RequestCaller;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

/** The append-only audit trail: who did what, when, why, and with which scope and outcome. */
@Path("/api/audit")
@Tag(name = "Audit")
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    /** How many events a page holds when the caller does not say. */
    static final int AUDIT_LIMIT = 200;

    private final AuditList list;
    private final RequestCaller caller;

    public AuditResource(AuditList list, RequestCaller caller) {
        this.list = list;
        this.caller = caller;
    }

    @Operation(
            operationId = "listAuditEvents",
            summary = "Read the audit trail, newest first",
            description =
                    "The audit events that match every filter given: launches, cancels, steering, rollbacks, pool and partition "
                            + "changes, each with who, when, why, scope and outcome. The filters of the audit page"
                            + " (/audit), read by the same rules. Paged by keyset: the Link header names the next page.")
    @APIResponse(responseCode = "200", description = NextLink.DESCRIBED)
    @APIResponse(
            responseCode = "400",
            description = "A parameter is unknown (offset among them: follow the Link header instead), asset, from, to"
                    + " or limit is not written as it must be, or cursor is not one this list gave.")
    @APIResponse(responseCode = "404", description = "No run or backfill has the id given, or an id that ends with it.")
    @APIResponse(
            responseCode = "422",
            description = "action is not an action, from is not before to, limit is out of range, or several ids end"
                    + " with the run or backfill given.")
    @GET
    public RestResponse<List<AuditEvent>> query(
            @BeanParam AuditListParameters filters, @BeanParam ListParameters paging, @Context UriInfo uri) {
        PageRequest page = paging.page(AUDIT_LIMIT);
        AuditFilter filter = list.filter(p -> uri.getQueryParameters().getFirst(p));
        return NextLink.answer(list.page(caller.get(), filter, page), e -> e, uri);
    }
}
