package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetService;
import io.sluice.runs.AssetRun;
import io.sluice.lake.RollbackTarget;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.Run;
import io.sluice.runs.RunService;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Optional;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;

@Path("/api/assets")
@Produces(MediaType.APPLICATION_JSON)
public class AssetResource {

    private final AssetService assets;
    private final ObjectMapper mapper;

    private final RunService runs;

    private final io.sluice.runs.PartitionStatuses partitionStatuses;

    private final java.time.InstantSource clock;

    public AssetResource(AssetService assets, RunService runs, ObjectMapper mapper, io.sluice.runs.PartitionStatuses partitionStatuses,
                         java.time.InstantSource clock) {
        this.clock = clock;
        this.partitionStatuses = partitionStatuses;
        this.runs = runs;
        this.assets = assets;
        this.mapper = mapper;
    }

    @GET
    public List<AssetDto> list() {
        Map<AssetKey, AssetRun> last = assets.lastSteps();
        return assets.all().stream()
                .map(a -> AssetDto.summary(a, assets.upstream(a.spec().key()), lastRun(last, a.spec().key())))
                .toList();
    }

    @GET
    @Path("/{group}/{name}")
    public AssetDto get(@PathParam("group") String group, @PathParam("name") String name) {
        Asset<?> asset = assets.get(group, name);
        AssetKey key = asset.spec().key();
        return AssetDto.detail(asset, assets.upstream(key), assets.downstream(key), lastRun(assets.lastSteps(), key),
                assets.lastMaterialization(key).map(m -> AssetDto.MaterializationDto.of(m, Json.tree(mapper, m.metadataJson()))).orElse(null),
                assets.latestChecks(key).stream().map(CheckDto::of).toList());
    }

    @GET
    @Path("/{group}/{name}/keys")
    public List<String> keys(@PathParam("group") String group, @PathParam("name") String name,
                             @QueryParam("prefix") String prefix, @QueryParam("limit") @DefaultValue("100") String limit) {
        Asset<?> asset = assets.get(group, name);
        return assets.keys(asset.spec().key(), prefix, Params.integer("limit", limit));
    }

    /** The status of every partition, range-compressed; {@code status} keeps only the ranges of one status. */
    @GET
    @Path("/{group}/{name}/partitions")
    public io.sluice.runs.PartitionStatusView partitions(@PathParam("group") String group, @PathParam("name") String name,
                                                         @QueryParam("status") List<String> statuses) {
        Asset<?> asset = assets.get(group, name);
        if (statuses != null && statuses.size() > 1) {
            throw RequestRejected.malformed("status", "give the status parameter at most once; got " + statuses.size());
        }
        String status = statuses == null || statuses.isEmpty() ? null : statuses.get(0);
        Optional<io.sluice.runs.PartitionState> only = status == null || status.isBlank() ? Optional.empty()
                : Optional.of(Params.enumValue(io.sluice.runs.PartitionState.class, "status", status));
        return partitionStatuses.of(asset.spec().key(), only);
    }

    /** Restores the asset's table (or one partition) to an earlier run or system time, as a run of its own. */
    @POST
    @Path("/{group}/{name}/rollback")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response rollback(@PathParam("group") String group, @PathParam("name") String name, RollbackBody body,
                             @HeaderParam(RunResource.ACTOR_HEADER) String actor, @Context UriInfo uri) {
        Asset<?> asset = assets.get(group, name);
        if (body == null) {
            throw RequestRejected.malformed(null, "request body is missing; send {\"toRun\": \"RUN_ID\", \"reason\": \"...\"}");
        }
        boolean run = body.toRun() != null && !body.toRun().isBlank();
        boolean time = body.toSystemTime() != null && !body.toSystemTime().isBlank();
        if (run == time) {
            throw RequestRejected.invalid(run ? "toSystemTime" : "toRun", "give exactly one of toRun and toSystemTime");
        }
        RollbackTarget target;
        if (run) {
            target = RollbackTarget.toRun(body.toRun().trim());
        } else {
            target = RollbackTarget.toSystemTime(Params.instant("toSystemTime", body.toSystemTime()));
        }
        Run started = runs.rollback(asset.spec().key(), target, Optional.ofNullable(body.partition()).filter(p -> !p.isBlank()),
                body.reason(), RunResource.actor(body.launchedBy(), actor));
        return Response.created(uri.getBaseUriBuilder().path("api/runs").path(started.id()).build())
                .entity(RunDto.of(started, Json.tree(mapper, started.configJson()), null, clock.instant())).build();
    }

    private static AssetDto.LastRunDto lastRun(Map<AssetKey, AssetRun> last, AssetKey key) {
        return AssetDto.LastRunDto.of(last.get(key));
    }
}
