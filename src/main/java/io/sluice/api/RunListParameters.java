package io.sluice.api;

import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RunStatus;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The filter parameters of {@code GET /api/runs} ({@code @BeanParam}), the runs page's filters
 * ({@code ListFilters.RUN_PARAMETERS}): declared here for the OpenAPI document and for {@link UnknownParameters}, read
 * by {@code RunList.filter} as the page reads them.
 */
public class RunListParameters {

    @QueryParam("status")
    @Parameter(description = "Only runs in this status.", schema = @Schema(implementation = RunStatus.class))
    String status;

    @QueryParam("asset")
    @Parameter(description = "Only runs that materialize this asset, as group/name.")
    String asset;

    @QueryParam("mode")
    @Parameter(
            description = "Only runs in this mode (rollbacks have none).",
            schema = @Schema(implementation = MaterializationMode.class))
    String mode;

    @QueryParam("launchedBy")
    @Parameter(description = "Only runs launched by this actor, as stored (alice, schedule:form_adv_daily).")
    String launchedBy;

    @QueryParam("backfill")
    @Parameter(description = "Only the runs of this backfill: its id, or the end of it (" + ApiDocument.SHORT_ID + ").")
    String backfill;

    @QueryParam("origin")
    @Parameter(
            description = "Only runs launched by a schedule, sensor, trigger, backfill or re-execution"
                    + " (schedule, sensor, trigger, backfill, reexecution).")
    String origin;

    @QueryParam("name")
    @Parameter(
            description = "With origin: only runs of the schedule, sensor, trigger policy, backfill or re-executed run"
                    + " of this name or id.")
    String name;

    @QueryParam("partition")
    @Parameter(description = "Only runs over this partition key.")
    String partition;

    @QueryParam("from")
    @Parameter(
            description = "Only runs created at or after this day (2026-12-02) or time in UTC (2026-12-02T16:05).",
            schema = @Schema(type = SchemaType.STRING, format = "date-time"))
    String from;

    @QueryParam("until")
    @Parameter(
            description = "Only runs created before this time in UTC, or before the end of this day.",
            schema = @Schema(type = SchemaType.STRING, format = "date-time"))
    String until;
}
