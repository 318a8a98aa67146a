package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.app.PageRequest;
import io.sluice.app.RunCommands;
import io.sluice.app.RunList;
import io.sluice.backfill.BackfillService;
import io.sluice.identity.Caller;
import io.sluice.identity.RequestCaller;
import io.sluice.runs.LogLine;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.PartitionRanges;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.Run;
import io.sluice.runs.RunFilter;
import io.sluice.runs.RunRequest;
import io.sluice.runs.RunService;
import io.sluice.runs.launch.ValidatedLaunch;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.InstantSource;
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

@Path("/api/runs")
@Tag(name = "Runs")
@Produces(MediaType.APPLICATION_JSON)
public class RunResource {

    /**
     * Who acts, until authentication exists: a launch body's launchedBy, else this header, else "anonymous" (resolved
     * once per request by {@link CallerFilter}).
     */
    public static final String ACTOR_HEADER = "X-Sluice-User";

    private final RunService runs;
    private final RunCommands commands;
    private final BackfillService backfills;
    private final PartitionRanges ranges;
    private final ObjectMapper mapper;
    private final InstantSource clock;
    private final RequestCaller caller;
    private final RunList list;

    public RunResource(
            RunList list,
            RunService runs,
            RunCommands commands,
            BackfillService backfills,
            PartitionRanges ranges,
            ObjectMapper mapper,
            InstantSource clock,
            RequestCaller caller) {
        this.list = list;
        this.caller = caller;
        this.clock = clock;
        this.ranges = ranges;
        this.backfills = backfills;
        this.runs = runs;
        this.commands = commands;
        this.mapper = mapper;
    }

    @Operation(
            operationId = "launchRun",
            summary = "Launch a run",
            description = "Queues a run that materializes the given assets and answers it at once; follow it with "
                    + "GET /api/runs/{id}. mode chooses which keys it processes, never how they are processed.")
    @Parameter(
            name = ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(required = true, description = "What to materialize, how, and why.")
    @APIResponse(
            responseCode = "201",
            description = "The run is queued; Location is its address.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunDto.class)))
    @APIResponse(responseCode = "400", description = "The body is missing or is not JSON of this shape.")
    @APIResponse(responseCode = "404", description = "An asset named in assets does not exist.")
    @APIResponse(
            responseCode = "409",
            description = "Only with sluice.runs.busy-partition=refuse: a partition of this launch is already being "
                    + "materialized by another run (by default the run is queued behind it).")
    @APIResponse(
            responseCode = "422",
            description = "A field is well written but not allowed (an unknown mode, keys without SINGLE_KEY, ...).")
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response launch(LaunchBody body, @Context UriInfo uri) {
        RunRequest request = request(body);
        Run run = commands.launch(caller.get(body.launchedBy()), request);
        return Response.created(
                        uri.getBaseUriBuilder().path("api/runs").path(run.id()).build())
                .entity(dto(run, false))
                .build();
    }

    @Operation(
            operationId = "previewRun",
            summary = "Preview a launch (dry run)",
            description = "Checks the body as POST /api/runs does and answers what the run would be: its assets in "
                    + "dependency order, mode, keys, partitions and effective config, and what its assets read upstream "
                    + "that is not materialized (their steps would fail). Nothing is stored or launched: the launchpad's "
                    + "Preview.")
    @Parameter(
            name = ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(required = true, description = "The launch to preview, as POST /api/runs takes it.")
    @APIResponse(
            responseCode = "200",
            description = "What the launch would run.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = LaunchPreviewDto.class)))
    @APIResponse(responseCode = "400", description = "The body is missing or is not JSON of this shape.")
    @APIResponse(responseCode = "404", description = "An asset named in assets does not exist.")
    @APIResponse(
            responseCode = "422",
            description = "A field is well written but not allowed (an unknown mode, keys without SINGLE_KEY, ...).")
    @POST
    @Path("/preview")
    @Consumes(MediaType.APPLICATION_JSON)
    public LaunchPreviewDto preview(LaunchBody body) {
        RunRequest request = request(body);
        ValidatedLaunch launch = commands.preview(caller.get(body.launchedBy()), request);
        return LaunchPreviewDto.of(launch, ranges, runs.upstreamGaps(launch.assets(), launch.partitions()));
    }

    @Operation(
            operationId = "listRuns",
            summary = "List runs, newest first",
            description = "The runs that match every filter given, newest first (ties broken by id), without their"
                    + " materializations: the filters of the runs page (/runs), read by the same rules. Paged by"
                    + " keyset: the Link header names the next page.")
    @APIResponse(responseCode = "200", description = NextLink.DESCRIBED)
    @APIResponse(
            responseCode = "400",
            description = "A parameter is unknown (offset among them: follow the Link header instead), asset, from,"
                    + " until or limit is not written as it must be, or cursor is not one this list gave.")
    @APIResponse(responseCode = "404", description = "No backfill has the id, or an id that ends with it.")
    @APIResponse(
            responseCode = "422",
            description = "status, mode or origin is not one of its choices, limit is out of range, until is"
                    + " not after from, or several backfill ids end with backfill.")
    @GET
    public RestResponse<List<RunDto>> list(
            @BeanParam RunListParameters filters, @BeanParam ListParameters paging, @Context UriInfo uri) {
        PageRequest page = paging.page(PageRequest.DEFAULT_LIMIT);
        RunFilter filter = list.filter(p -> uri.getQueryParameters().getFirst(p));
        return NextLink.answer(list.page(caller.get(), filter, page), r -> dto(r, false), uri);
    }

    @Operation(
            operationId = "getRun",
            summary = "Show a run",
            description = "A run with its steps and the materializations it wrote so far; a queued run with where it "
                    + "stands in the queue (queue: the runs it waits for, its place in the line).")
    @Parameter(name = "id", in = ParameterIn.PATH, description = ApiDocument.RUN_ID)
    @APIResponse(responseCode = "200", description = "The run.")
    @APIResponse(responseCode = "404", description = "No run has this id.")
    @GET
    @Path("/{id}")
    public RunDto get(@PathParam("id") String id) {
        Run run = runs.get(id);
        RunDto dto = dto(run, true);
        return runs.queuePlace(run).map(dto::withQueue).orElse(dto);
    }

    @Operation(
            operationId = "listRunLogs",
            summary = "Read a run's log lines",
            description =
                    "The run's log lines in order, those with an id above after: poll with the id of the last line read.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = ApiDocument.RUN_ID)
    @Parameter(
            name = "after",
            in = ParameterIn.QUERY,
            description = "Answer only the lines whose id is above this one (0: from the start).",
            schema =
                    @Schema(
                            type = SchemaType.INTEGER,
                            format = "int32",
                            minimum = "0",
                            maximum = "2147483647",
                            defaultValue = "0"))
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
                            defaultValue = "1000"))
    @APIResponse(responseCode = "200", description = "The log lines.")
    @APIResponse(responseCode = "400", description = "after or limit is not a whole number.")
    @APIResponse(responseCode = "404", description = "No run has this id.")
    @APIResponse(responseCode = "422", description = "after or limit is out of range.")
    @GET
    @Path("/{id}/logs")
    public List<LogLine> logs(
            @PathParam("id") String id,
            @QueryParam("after") @DefaultValue("0") String after,
            @QueryParam("limit") @DefaultValue("1000") String limit) {
        int max = Params.between("limit", limit, 1, 10_000);
        return runs.logs(id, Params.between("after", after, 0, Integer.MAX_VALUE), max);
    }

    @Operation(
            operationId = "listRunChecks",
            summary = "Read a run's check results",
            description =
                    "The results of the data quality checks the run evaluated, with a sample of the failing rows.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = ApiDocument.RUN_ID)
    @APIResponse(responseCode = "200", description = "The check results.")
    @APIResponse(responseCode = "404", description = "No run has this id.")
    @GET
    @Path("/{id}/checks")
    public List<CheckDto> checks(@PathParam("id") String id) {
        return runs.checks(id).stream().map(CheckDto::of).toList();
    }

    @Operation(
            operationId = "cancelRun",
            summary = "Cancel a run",
            description = "A queued run is canceled at once; a started one is asked to stop: its lake statement is "
                    + "interrupted within about a second, and it stops between batches otherwise.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = ApiDocument.RUN_ID)
    @Parameter(
            name = ACTOR_HEADER,
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
    @APIResponse(responseCode = "200", description = "The run, canceled or asked to stop.")
    @APIResponse(responseCode = "400", description = "The body is not JSON like {\"reason\": \"...\"}.")
    @APIResponse(responseCode = "404", description = "No run has this id.")
    @APIResponse(responseCode = "409", description = "The run has already ended, or is already asked to stop.")
    @POST
    @Path("/{id}/cancel")
    @Consumes(MediaType.WILDCARD)
    public RunDto cancel(@PathParam("id") String id, byte[] body) {
        Caller by = caller.get();
        return dto(commands.cancel(by, id, ReasonBody.read(mapper, body).reason()), false);
    }

    @Operation(
            operationId = "reexecuteRun",
            summary = "Re-execute a run",
            description =
                    "Launches a new run of an ended run's request (Dagster's re-execute): every step (scope ALL), "
                            + "or only the steps that did not succeed (FAILED), with the run's mode, keys and effective config, "
                            + "and its partitions for the partitioned assets among them. The new run is tagged "
                            + "sluice/reexecution-of and sluice/reexecute, and is queued like any launch.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = ApiDocument.RUN_ID)
    @Parameter(
            name = ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(
            required = false,
            description = "What to execute again (ALL when absent) and why.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ReexecuteBody.class)))
    @APIResponse(
            responseCode = "201",
            description = "The new run is queued; Location is its address.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunDto.class)))
    @APIResponse(responseCode = "400", description = "The body is not JSON like {\"scope\": \"FAILED\"}.")
    @APIResponse(responseCode = "404", description = "No run has this id.")
    @APIResponse(responseCode = "409", description = "The run has not ended, or (FAILED) every step of it succeeded.")
    @APIResponse(
            responseCode = "422",
            description = "scope is not ALL or FAILED, the run is a rollback, or the launch is not allowed now.")
    @POST
    @Path("/{id}/reexecute")
    @Consumes(MediaType.WILDCARD)
    public Response reexecute(@PathParam("id") String id, byte[] body, @Context UriInfo uri) {
        Caller by = caller.get();
        ReexecuteBody read = ReexecuteBody.read(mapper, body);
        Run run = commands.reexecute(by, id, read.chosenScope(), read.reason());
        return Response.created(
                        uri.getBaseUriBuilder().path("api/runs").path(run.id()).build())
                .entity(dto(run, false))
                .build();
    }

    /** The launch a body asks for; who launches it is the caller, never the body's text. */
    private static RunRequest request(LaunchBody body) {
        if (body == null) {
            throw RequestRejected.malformed(
                    null, "request body is missing; send {\"assets\": [\"group/name\"], \"mode\": \"INCREMENTAL\"}");
        }
        MaterializationMode mode = body.mode() == null
                ? MaterializationMode.INCREMENTAL
                : Params.bodyEnum(MaterializationMode.class, "mode", body.mode());
        return new RunRequest(
                body.assets(),
                mode,
                body.keys(),
                body.partitions(),
                body.runRanges(),
                body.config(),
                body.reason(),
                null,
                Map.of());
    }

    private RunDto dto(Run run, boolean detail) {
        return RunDto.of(
                run,
                ranges.of(run),
                Json.tree(mapper, run.configJson()),
                detail
                        ? runs.materializations(run.id()).stream()
                                .map(m -> AssetDto.MaterializationDto.of(m, Json.tree(mapper, m.metadataJson())))
                                .toList()
                        : null,
                clock.instant());
    }
}
