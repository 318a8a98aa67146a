package io.sluice.api;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditFilter;
import io.sluice.audit.AuditLog;
import io.sluice.audit.AuditSearch;
import io.sluice.backfill.BackfillService;
import io.sluice.lists.ListFilters;
import io.sluice.runs.PartitionRanges;
import io.sluice.runs.RunService;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The append-only audit trail: who did what, when, why, and with which scope and outcome. */
@Path("/api/audit")
@Tag(name = "Audit")
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    private final AuditLog audit;
    private final RunService runs;
    private final BackfillService backfills;
    private final PartitionRanges ranges;

    public AuditResource(AuditLog audit, RunService runs, BackfillService backfills, PartitionRanges ranges) {
        this.audit = audit;
        this.ranges = ranges;
        this.runs = runs;
        this.backfills = backfills;
    }

    @Operation(
            operationId = "listAuditEvents",
            summary = "Read the audit trail, newest first",
            description =
                    "The audit events that match every filter given: launches, cancels, steering, rollbacks, pool and partition "
                            + "changes, each with who, when, why, scope and outcome. The filters of the audit page"
                            + " (/audit), read by the same rules.")
    @Parameter(name = "actor", in = ParameterIn.QUERY, description = "Only events by this actor.")
    @Parameter(
            name = "action",
            in = ParameterIn.QUERY,
            description = "Only events of this action.",
            schema = @Schema(implementation = AuditAction.class))
    @Parameter(
            name = "target",
            in = ParameterIn.QUERY,
            description = "Only events about this: a run or backfill id (or the end of one that one id alone ends"
                    + " with), an asset key among their assets, or a name their detail gives (a pool, a schedule).")
    @Parameter(name = "asset", in = ParameterIn.QUERY, description = "Only events about this asset, as group/name.")
    @Parameter(
            name = "backfill",
            in = ParameterIn.QUERY,
            description = "Only events about this backfill: its id, or " + ApiDocument.SHORT_ID + ".")
    @Parameter(
            name = "run",
            in = ParameterIn.QUERY,
            description = "Only events about this run: its id, or " + ApiDocument.SHORT_ID + ".")
    @Parameter(
            name = "from",
            in = ParameterIn.QUERY,
            description = "Only events at or after this time (2025-01-01T00:00:00Z; without an offset: UTC); a day"
                    + " (2025-01-01) is read too.",
            schema = @Schema(type = SchemaType.STRING, format = "date-time"))
    @Parameter(
            name = "to",
            in = ParameterIn.QUERY,
            description = "Only events before this time (2025-02-01T00:00:00Z; without an offset: UTC), or before the"
                    + " end of a day given as 2025-01-31.",
            schema = @Schema(type = SchemaType.STRING, format = "date-time"))
    @Parameter(
            name = "limit",
            in = ParameterIn.QUERY,
            description = ApiDocument.LIMIT + " From 1 to 10000.",
            schema =
                    @Schema(
                            type = SchemaType.INTEGER,
                            format = "int32",
                            minimum = "1",
                            maximum = "10000",
                            defaultValue = "200"))
    @Parameter(
            name = "offset",
            in = ParameterIn.QUERY,
            description = ApiDocument.OFFSET,
            schema =
                    @Schema(
                            type = SchemaType.INTEGER,
                            format = "int32",
                            minimum = "0",
                            maximum = "2147483647",
                            defaultValue = "0"))
    @APIResponse(responseCode = "200", description = "The matching events.")
    @APIResponse(
            responseCode = "400",
            description = "A parameter is unknown, or asset, from, to, limit or offset is not written as it must be.")
    @APIResponse(responseCode = "404", description = "No run or backfill has the id given, or an id that ends with it.")
    @APIResponse(
            responseCode = "422",
            description = "action is not an action, from is not before to, limit or offset is out of range, or"
                    + " several ids end with the run or backfill given.")
    @GET
    public List<AuditEvent> query(
            @QueryParam("actor") String actor,
            @QueryParam("action") String action,
            @QueryParam("target") String target,
            @QueryParam("asset") String asset,
            @QueryParam("backfill") String backfill,
            @QueryParam("run") String run,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("limit") @DefaultValue("200") String limit,
            @QueryParam("offset") @DefaultValue("0") String offset,
            @Context UriInfo uri) {
        int max = Params.between("limit", limit, 1, AuditSearch.MAX_LIMIT);
        int skip = Params.between("offset", offset, 0, Integer.MAX_VALUE);
        AuditFilter filter = ListFilters.audit(
                p -> uri.getQueryParameters().getFirst(p), new ListFilters.Ids(runs::resolveId, backfills::resolveId));
        return audit.search(new AuditSearch(filter, Optional.empty(), skip, max)).stream()
                .map(ranges::compactDetail)
                .toList();
    }
}
