package io.sluice.api;

import io.sluice.audit.AuditAction;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The filter parameters of {@code GET /api/audit} ({@code @BeanParam}), the audit page's filters
 * ({@code ListFilters.AUDIT_PARAMETERS}): declared here for the OpenAPI document and for {@link UnknownParameters},
 * read by {@code AuditList.filter} as the page reads them.
 */
public class AuditListParameters {

    @QueryParam("actor")
    @Parameter(description = "Only events by this actor.")
    String actor;

    @QueryParam("action")
    @Parameter(description = "Only events of this action.", schema = @Schema(implementation = AuditAction.class))
    String action;

    @QueryParam("target")
    @Parameter(
            description = "Only events about this: a run or backfill id (or the end of one that one id alone ends"
                    + " with), an asset key among their assets, or a name their detail gives (a pool, a schedule).")
    String target;

    @QueryParam("asset")
    @Parameter(description = "Only events about this asset, as group/name.")
    String asset;

    @QueryParam("run")
    @Parameter(description = "Only events about this run: its id, or " + ApiDocument.SHORT_ID + ".")
    String run;

    @QueryParam("backfill")
    @Parameter(description = "Only events about this backfill: its id, or " + ApiDocument.SHORT_ID + ".")
    String backfill;

    @QueryParam("from")
    @Parameter(
            description = "Only events at or after this time (2025-01-01T00:00:00Z; without an offset: UTC); a day"
                    + " (2025-01-01) is read too.",
            schema = @Schema(type = SchemaType.STRING, format = "date-time"))
    String from;

    @QueryParam("to")
    @Parameter(
            description = "Only events before this time (2025-02-01T00:00:00Z; without an offset: UTC), or before the"
                    + " end of a day given as 2025-01-31.",
            schema = @Schema(type = SchemaType.STRING, format = "date-time"))
    String to;
}
