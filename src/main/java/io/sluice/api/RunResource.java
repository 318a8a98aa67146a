package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.LogLine;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.Run;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunRequest;
import io.sluice.runs.RunService;
import io.sluice.runs.RunStatus;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.core.Context;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;

@Path("/api/runs")
@Produces(MediaType.APPLICATION_JSON)
public class RunResource {

    /** Who acts, until authentication exists: the body's launchedBy, else this header, else "anonymous". */
    public static final String ACTOR_HEADER = "X-Sluice-User";

    /** Who acts: the body's launchedBy unless it is missing or blank, else the header (null: anonymous). */
    static String actor(String launchedBy, String header) {
        return launchedBy != null && !launchedBy.isBlank() ? launchedBy : header;
    }

    private final RunService runs;
    private final ObjectMapper mapper;
    private final InstantSource clock;

    public RunResource(RunService runs, ObjectMapper mapper, InstantSource clock) {
        this.clock = clock;
        this.runs = runs;
        this.mapper = mapper;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response launch(LaunchBody body, @HeaderParam(ACTOR_HEADER) String actor, @Context UriInfo uri) {
        if (body == null) {
            throw RequestRejected.malformed(null, "request body is missing; send {\"assets\": [\"group/name\"], \"mode\": \"INCREMENTAL\"}");
        }
        MaterializationMode mode = body.mode() == null ? MaterializationMode.INCREMENTAL
                : Params.bodyEnum(MaterializationMode.class, "mode", body.mode());
        Run run = runs.launch(new RunRequest(body.assets(), mode, body.keys(), body.partitions(), body.config(), body.reason(),
                RunResource.actor(body.launchedBy(), actor)));
        return Response.created(uri.getBaseUriBuilder().path("api/runs").path(run.id()).build()).entity(dto(run, false)).build();
    }

    @GET
    public List<RunDto> list(@QueryParam("status") String status, @QueryParam("asset") String asset, @QueryParam("backfill") String backfill,
                             @QueryParam("limit") @DefaultValue("50") String limit, @QueryParam("offset") @DefaultValue("0") String offset) {
        Optional<RunStatus> s = status == null || status.isBlank() ? Optional.empty()
                : Optional.of(Params.enumValue(RunStatus.class, "status", status));
        Optional<AssetKey> a = Params.assetKey("asset", asset);
        RunQuery query = new RunQuery(s, a, Optional.ofNullable(backfill).filter(b -> !b.isBlank()), true,
                Params.between("limit", limit, 1, RunQuery.MAX_LIMIT), Params.between("offset", offset, 0, Integer.MAX_VALUE));
        return runs.list(query).stream().map(r -> dto(r, false)).toList();
    }

    @GET
    @Path("/{id}")
    public RunDto get(@PathParam("id") String id) {
        return dto(runs.get(id), true);
    }

    @GET
    @Path("/{id}/logs")
    public List<LogLine> logs(@PathParam("id") String id, @QueryParam("after") @DefaultValue("0") String after,
                              @QueryParam("limit") @DefaultValue("1000") String limit) {
        int max = Params.between("limit", limit, 1, 10_000);
        return runs.logs(id, Params.between("after", after, 0, Integer.MAX_VALUE), max);
    }

    @GET
    @Path("/{id}/checks")
    public List<CheckDto> checks(@PathParam("id") String id) {
        return runs.checks(id).stream().map(CheckDto::of).toList();
    }

    /** Body (optional): {@code {"reason": "..."}}. */
    public record CancelBody(String reason) {
    }

    @POST
    @Path("/{id}/cancel")
    @Consumes(MediaType.WILDCARD)
    public RunDto cancel(@PathParam("id") String id, byte[] body, @HeaderParam(ACTOR_HEADER) String actor) throws java.io.IOException {
        // read from the bytes, so that bytes that are not UTF-8 are refused rather than read as U+FFFD
        CancelBody cancel = BackfillResource.blank(body) ? new CancelBody(null) : mapper.readValue(body, CancelBody.class);
        if (cancel == null) {
            throw RequestRejected.malformed(null, "request body must be an object like {\"reason\": \"...\"}, not null");
        }
        return dto(runs.cancel(id, actor, cancel.reason()), false);
    }

    private RunDto dto(Run run, boolean detail) {
        return RunDto.of(run, Json.tree(mapper, run.configJson()), detail
                ? runs.materializations(run.id()).stream()
                        .map(m -> AssetDto.MaterializationDto.of(m, Json.tree(mapper, m.metadataJson()))).toList()
                : null, clock.instant());
    }
}
