package io.sluice.api;

import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.audit.AuditQuery;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
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

    public AuditResource(AuditLog audit) {
        this.audit = audit;
    }

    @Operation(
            operationId = "listAuditEvents",
            summary = "Read the audit trail, newest first",
            description =
                    "The audit events that match every filter given: launches, cancels, steering, rollbacks, pool and partition "
                            + "changes, each with who, when, why, scope and outcome.")
    @Parameter(name = "asset", in = ParameterIn.QUERY, description = "Only events about this asset, as group/name.")
    @Parameter(name = "backfill", in = ParameterIn.QUERY, description = "Only events about this backfill (its id).")
    @Parameter(name = "run", in = ParameterIn.QUERY, description = "Only events about this run (its id).")
    @Parameter(name = "actor", in = ParameterIn.QUERY, description = "Only events by this actor.")
    @Parameter(
            name = "from",
            in = ParameterIn.QUERY,
            description = "Only events at or after this time, like 2025-01-01T00:00:00Z.",
            schema = @Schema(type = SchemaType.STRING, format = "date-time"))
    @Parameter(
            name = "to",
            in = ParameterIn.QUERY,
            description = "Only events before this time, like 2025-02-01T00:00:00Z.",
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
    @APIResponse(responseCode = "400", description = "asset, from, to, limit or offset is not written as it must be.")
    @APIResponse(responseCode = "422", description = "from is not before to, or limit or offset is out of range.")
    @GET
    public List<AuditEvent> query(
            @QueryParam("asset") String asset,
            @QueryParam("backfill") String backfill,
            @QueryParam("run") String run,
            @QueryParam("actor") String actor,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("limit") @DefaultValue("200") String limit,
            @QueryParam("offset") @DefaultValue("0") String offset) {
        int max = Params.between("limit", limit, 1, 10_000);
        int skip = Params.between("offset", offset, 0, Integer.MAX_VALUE);
        Params.assetKey("asset", asset); // a malformed key is a 400, not an empty trail
        Optional<Instant> after = instant("from", from);
        Optional<Instant> before = instant("to", to);
        if (after.isPresent() && before.isPresent() && !after.get().isBefore(before.get())) {
            throw RequestRejected.invalid("from", "from must be before to");
        }
        return audit.query(new AuditQuery(opt(asset), opt(backfill), opt(run), opt(actor), after, before, max, skip));
    }

    private static Optional<String> opt(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
    }

    private static Optional<Instant> instant(String field, String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(Params.instant(field, value));
    }
}
