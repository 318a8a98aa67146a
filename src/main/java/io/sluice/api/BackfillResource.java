package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.app.BackfillCommands;
import io.sluice.app.BackfillList;
import io.sluice.app.PageRequest;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillFilter;
import io.sluice.backfill.BackfillPlan;
import io.sluice.backfill.BackfillProgress;
import io.sluice.backfill.BackfillRequest;
import io.sluice.backfill.BackfillService;
import io.sluice.backfill.PlannedRun;
import io.sluice.backfill.RunOrder;
import io.sluice.catalog.AssetKey;
import io.sluice.identity.Caller;
import io.sluice.identity.RequestCaller;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.PartitionRanges;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

@Path("/api/backfills")
@Tag(name = "Backfills")
@Produces(MediaType.APPLICATION_JSON)
public class BackfillResource {

    /** The body of {@code POST /api/backfills} and {@code POST /api/backfills/preview}. */
    public record BackfillBody(
            @Schema(required = true, description = "The assets to backfill, as keys like group/name.")
            List<String> assets,

            List<BackfillRequest.Range> ranges,
            List<String> partitions,
            Boolean failedAndMissingOnly,
            @Schema(ref = "MaterializationMode") String mode,
            List<String> keys,
            Map<String, Object> config,
            String reason,
            Integer partitionsPerRun,
            Boolean singleRun,
            @Schema(ref = "RunOrder") String order,
            Integer maxConcurrent,

            @Schema(
                    hidden = true,
                    description = "Replaced by POST /api/backfills/preview: on POST /api/backfills true is a 400 "
                            + "naming it (false is accepted, as clients written before it send it).")
            Boolean dryRun,

            String launchedBy) {}

    public record PlanDto(List<String> assets, long partitionCount, int runCount, List<PlannedRunDto> runs) {
        static PlanDto of(BackfillPlan plan, PartitionRanges ranges) {
            return new PlanDto(
                    plan.assets().stream().map(AssetKey::toString).toList(),
                    plan.partitionCount(),
                    plan.runs().size(),
                    plan.runs().stream().map(r -> PlannedRunDto.of(r, ranges)).toList());
        }
    }

    /**
     * One planned run; {@code partitions}: as ranges first...last and single keys; {@code after}: the sequences of the
     * runs it waits for.
     */
    public record PlannedRunDto(
            int sequence, List<String> assets, List<String> partitions, long partitionCount, List<Integer> after) {
        static PlannedRunDto of(PlannedRun r, PartitionRanges ranges) {
            return new PlannedRunDto(
                    r.sequence(),
                    r.assets().stream().map(AssetKey::toString).toList(),
                    ranges.of(r.assets(), r.partitions()),
                    r.partitions().size(),
                    r.after());
        }
    }

    public record BackfillDto(
            String id,
            String status,
            List<String> assets,
            String mode,
            String reason,
            String launchedBy,
            Instant createdAt,
            Instant endedAt,
            long partitionCount,
            int runCount,
            int maxConcurrent,
            String retryOf,
            BackfillProgress progress) {
        static BackfillDto of(Backfill b, BackfillProgress progress) {
            return new BackfillDto(
                    b.id(),
                    b.status().name(),
                    b.assets().stream().map(AssetKey::toString).toList(),
                    b.mode().name(),
                    b.reason(),
                    b.launchedBy(),
                    b.createdAt(),
                    b.endedAt(),
                    b.partitionCount(),
                    b.runCount(),
                    b.maxConcurrent(),
                    b.parentId(),
                    progress);
        }
    }

    /** A backfill with the exact plan it launched. */
    public record LaunchedDto(BackfillDto backfill, PlanDto plan) {}

    private final BackfillService backfills;
    private final BackfillCommands commands;
    private final PartitionRanges ranges;
    private final ObjectMapper mapper;
    private final RequestCaller caller;
    private final BackfillList list;

    public BackfillResource(
            BackfillList list,
            BackfillService backfills,
            BackfillCommands commands,
            PartitionRanges ranges,
            ObjectMapper mapper,
            RequestCaller caller) {
        this.list = list;
        this.caller = caller;
        this.ranges = ranges;
        this.backfills = backfills;
        this.commands = commands;
        this.mapper = mapper;
    }

    @Operation(
            operationId = "launchBackfill",
            summary = "Launch a backfill",
            description =
                    "Plans runs over the partitions given (ranges or a list), partitionsPerRun at a time, and launches them, "
                            + "at most maxConcurrent at once, in order. POST /api/backfills/preview answers the same plan "
                            + "without launching anything.")
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(required = true, description = "Which assets and partitions to backfill, how, and why.")
    @APIResponse(
            responseCode = "201",
            description = "The backfill is launched; Location is its address. Answers it with its plan.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = LaunchedDto.class)))
    @APIResponse(
            responseCode = "400",
            description =
                    "The body is missing or is not JSON of this shape (dryRun true: use POST /api/backfills/preview).")
    @APIResponse(responseCode = "404", description = "An asset named in assets does not exist.")
    @APIResponse(
            responseCode = "409",
            description = "A partition of this backfill is already being materialized by another run.")
    @APIResponse(
            responseCode = "422",
            description = "A field is well written but not allowed (an unknown mode or order, an empty range, ...).")
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response launch(BackfillBody body, @Context UriInfo uri) {
        if (body != null && Boolean.TRUE.equals(body.dryRun())) {
            throw RequestRejected.malformed(
                    "dryRun",
                    "POST /api/backfills always launches; POST the same body without dryRun to /api/backfills/preview "
                            + "for the plan (nothing is launched)");
        }
        BackfillRequest request = request(body);
        BackfillService.Launch launch = commands.launch(caller.get(body.launchedBy()), request);
        Backfill b = launch.backfill().orElseThrow();
        return Response.created(uri.getBaseUriBuilder()
                        .path("api/backfills")
                        .path(b.id())
                        .build())
                .entity(new LaunchedDto(BackfillDto.of(b, backfills.progress(b)), PlanDto.of(launch.plan(), ranges)))
                .build();
    }

    @Operation(
            operationId = "previewBackfill",
            summary = "Plan a backfill without launching it",
            description = "Checks the body as POST /api/backfills does and answers exactly the runs it would launch, "
                    + "in order; nothing is stored or launched.")
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(required = true, description = "The backfill to plan, as POST /api/backfills takes it.")
    @APIResponse(
            responseCode = "200",
            description = "The plan: the runs the backfill would launch, in launch order.",
            content =
                    @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PlanDto.class)))
    @APIResponse(responseCode = "400", description = "The body is missing or is not JSON of this shape.")
    @APIResponse(responseCode = "404", description = "An asset named in assets does not exist.")
    @APIResponse(
            responseCode = "409",
            description = "A partition of this backfill is already being materialized by another run.")
    @APIResponse(
            responseCode = "422",
            description = "A field is well written but not allowed (an unknown mode or order, an empty range, ...).")
    @POST
    @Path("/preview")
    @Consumes(MediaType.APPLICATION_JSON)
    public PlanDto preview(BackfillBody body) {
        if (body != null && Boolean.FALSE.equals(body.dryRun())) {
            throw RequestRejected.malformed(
                    "dryRun", "/api/backfills/preview only plans: POST the body to /api/backfills to launch it");
        }
        BackfillRequest request = request(body);
        return PlanDto.of(commands.preview(caller.get(body.launchedBy()), request), ranges);
    }

    /** The backfill a body asks for; who launches it is the caller, never the body's text. */
    private static BackfillRequest request(BackfillBody body) {
        if (body == null) {
            throw RequestRejected.malformed(
                    null,
                    "request body is missing; send {\"assets\": [...], \"ranges\": [{\"start\": ..., \"end\": ...}]}");
        }
        return new BackfillRequest(
                body.assets(),
                body.ranges(),
                body.partitions(),
                Boolean.TRUE.equals(body.failedAndMissingOnly()),
                body.mode() == null ? null : Params.bodyEnum(MaterializationMode.class, "mode", body.mode()),
                body.keys(),
                body.config(),
                body.reason(),
                body.partitionsPerRun() == null ? 1 : body.partitionsPerRun(),
                Boolean.TRUE.equals(body.singleRun()),
                body.order() == null ? null : Params.bodyEnum(RunOrder.class, "order", body.order()),
                body.maxConcurrent() == null ? 0 : body.maxConcurrent(),
                false,
                null);
    }

    @Operation(
            operationId = "listBackfills",
            summary = "List backfills, newest first",
            description = "The backfills with their progress, newest first (ties broken by id), that match the filter"
                    + " given: the filter of the backfills page (/backfills), read by the same rules. Paged by keyset:"
                    + " the Link header names the next page.")
    @APIResponse(responseCode = "200", description = NextLink.DESCRIBED)
    @APIResponse(
            responseCode = "400",
            description = "A parameter is unknown (offset and after among them: follow the Link header instead), limit"
                    + " is not a whole number, or cursor is not one this list gave.")
    @APIResponse(responseCode = "422", description = "status is not a backfill status, or limit is out of range.")
    @GET
    public RestResponse<List<BackfillDto>> list(
            @BeanParam BackfillListParameters filters, @BeanParam ListParameters paging, @Context UriInfo uri) {
        PageRequest page = paging.page(PageRequest.DEFAULT_LIMIT);
        BackfillFilter filter = list.filter(p -> uri.getQueryParameters().getFirst(p));
        return NextLink.answer(
                list.page(caller.get(), filter, page), i -> BackfillDto.of(i.backfill(), i.progress()), uri);
    }

    @Operation(
            operationId = "getBackfill",
            summary = "Show a backfill",
            description =
                    "A backfill with its progress: how many of its runs and partitions are done, running, failed or waiting.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = ApiDocument.BACKFILL_ID)
    @APIResponse(responseCode = "200", description = "The backfill.")
    @APIResponse(responseCode = "404", description = "No backfill has this id.")
    @GET
    @Path("/{id}")
    public BackfillDto get(@PathParam("id") String id) {
        Backfill b = backfills.get(id);
        return BackfillDto.of(b, backfills.progress(b));
    }

    @Operation(
            operationId = "pauseBackfill",
            summary = "Pause a backfill",
            description = "Launches none of its remaining runs until it is resumed; the runs already started go on.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = ApiDocument.BACKFILL_ID)
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(
            required = false,
            description = ApiDocument.REASON_BODY,
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ReasonBody.class)))
    @APIResponse(responseCode = "200", description = "The backfill, steered.")
    @APIResponse(responseCode = "400", description = "The body is not JSON like {\"reason\": \"...\"}.")
    @APIResponse(responseCode = "404", description = "No backfill has this id.")
    @APIResponse(responseCode = "409", description = "The backfill is not running (it is paused or has ended).")
    @POST
    @Path("/{id}/pause")
    @Consumes(MediaType.WILDCARD)
    public BackfillDto pause(@PathParam("id") String id, byte[] body) {
        Caller by = caller.get();
        return dto(commands.pause(by, id, reason(body)));
    }

    @Operation(
            operationId = "resumeBackfill",
            summary = "Resume a paused backfill",
            description = "Launches its remaining runs again.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = ApiDocument.BACKFILL_ID)
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(
            required = false,
            description = ApiDocument.REASON_BODY,
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ReasonBody.class)))
    @APIResponse(responseCode = "200", description = "The backfill, steered.")
    @APIResponse(responseCode = "400", description = "The body is not JSON like {\"reason\": \"...\"}.")
    @APIResponse(responseCode = "404", description = "No backfill has this id.")
    @APIResponse(responseCode = "409", description = "The backfill is not paused.")
    @POST
    @Path("/{id}/resume")
    @Consumes(MediaType.WILDCARD)
    public BackfillDto resume(@PathParam("id") String id, byte[] body) {
        Caller by = caller.get();
        return dto(commands.resume(by, id, reason(body)));
    }

    @Operation(
            operationId = "cancelBackfill",
            summary = "Cancel a backfill",
            description = "Launches none of its remaining runs and cancels those queued or started.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = ApiDocument.BACKFILL_ID)
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(
            required = false,
            description = ApiDocument.REASON_BODY,
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ReasonBody.class)))
    @APIResponse(responseCode = "200", description = "The backfill, steered.")
    @APIResponse(responseCode = "400", description = "The body is not JSON like {\"reason\": \"...\"}.")
    @APIResponse(responseCode = "404", description = "No backfill has this id.")
    @APIResponse(responseCode = "409", description = "The backfill has already ended.")
    @POST
    @Path("/{id}/cancel")
    @Consumes(MediaType.WILDCARD)
    public BackfillDto cancel(@PathParam("id") String id, byte[] body) {
        Caller by = caller.get();
        return dto(commands.cancel(by, id, reason(body)));
    }

    @Operation(
            operationId = "retryBackfillFailures",
            summary = "Retry a backfill's failed partitions",
            description =
                    "Launches a new backfill over the partitions of an ended backfill that failed or were canceled.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = ApiDocument.BACKFILL_ID)
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(
            required = false,
            description = ApiDocument.REASON_BODY,
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ReasonBody.class)))
    @APIResponse(
            responseCode = "201",
            description = "The retry is launched; Location is its address. Answers it with its plan.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = LaunchedDto.class)))
    @APIResponse(responseCode = "400", description = "The body is not JSON like {\"reason\": \"...\"}.")
    @APIResponse(responseCode = "404", description = "No backfill has this id.")
    @APIResponse(
            responseCode = "409",
            description = "The backfill has not ended, is being retried already, or has nothing to retry.")
    @POST
    @Path("/{id}/retry-failed")
    @Consumes(MediaType.WILDCARD)
    public Response retryFailed(@PathParam("id") String id, byte[] body, @Context UriInfo uri) {
        Caller by = caller.get();
        BackfillService.Launch launch = commands.retryFailed(by, id, reason(body));
        Backfill b = launch.backfill().orElseThrow();
        return Response.created(uri.getBaseUriBuilder()
                        .path("api/backfills")
                        .path(b.id())
                        .build())
                .entity(new LaunchedDto(BackfillDto.of(b, backfills.progress(b)), PlanDto.of(launch.plan(), ranges)))
                .build();
    }

    private BackfillDto dto(Backfill b) {
        return BackfillDto.of(b, backfills.progress(b));
    }

    /** Whether an optional body is absent: empty, or only JSON white space. */
    static boolean blank(byte[] body) {
        if (body != null) {
            for (byte b : body) {
                if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                    return false;
                }
            }
        }
        return true;
    }

    /** The optional {"reason": "..."} of a steering request. */
    private String reason(byte[] body) {
        return ReasonBody.read(mapper, body).reason();
    }
}
