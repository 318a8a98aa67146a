package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.RollbackTarget;
import io.sluice.runs.AssetRun;
import io.sluice.runs.AssetService;
import io.sluice.runs.PartitionState;
import io.sluice.runs.PartitionStatusView;
import io.sluice.runs.PartitionStatuses;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.Run;
import io.sluice.runs.RunService;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
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
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/api/assets")
@Tag(name = "Assets")
@Produces(MediaType.APPLICATION_JSON)
public class AssetResource {

    private final AssetService assets;
    private final ObjectMapper mapper;

    private final RunService runs;

    private final PartitionStatuses partitionStatuses;

    private final InstantSource clock;

    public AssetResource(
            AssetService assets,
            RunService runs,
            ObjectMapper mapper,
            PartitionStatuses partitionStatuses,
            InstantSource clock) {
        this.clock = clock;
        this.partitionStatuses = partitionStatuses;
        this.runs = runs;
        this.assets = assets;
        this.mapper = mapper;
    }

    @Operation(
            operationId = "listAssets",
            summary = "List the assets",
            description = "Every declared asset with its upstream assets and its last run.")
    @APIResponse(responseCode = "200", description = "The assets.")
    @APIResponse(responseCode = "406", description = "The request accepts no JSON answer.")
    @GET
    public List<AssetDto> list() {
        Map<AssetKey, AssetRun> last = assets.lastSteps();
        return assets.all().stream()
                .map(a -> AssetDto.summary(
                        a,
                        assets.upstream(a.spec().key()),
                        lastRun(last, a.spec().key())))
                .toList();
    }

    @Operation(
            operationId = "getAsset",
            summary = "Show an asset",
            description =
                    "An asset with its table, partitions, upstream and downstream assets, last run, last materialization and "
                            + "latest check results.")
    @Parameter(name = "key", in = ParameterIn.PATH, description = ApiDocument.ASSET_KEY)
    @APIResponse(responseCode = "200", description = "The asset.")
    @APIResponse(responseCode = "404", description = "No asset has this key.")
    @GET
    @Path("/{key: " + ApiDocument.ASSET_KEY_PATH + "}")
    public AssetDto get(@PathParam("key") String key) {
        Asset<?> asset = assets.get(key);
        AssetKey parsed = asset.spec().key();
        return AssetDto.detail(
                asset,
                assets.upstream(parsed),
                assets.downstream(parsed),
                AssetDto.LastRunDto.of(assets.lastStep(parsed).orElse(null)),
                assets.lastMaterialization(parsed)
                        .map(m -> AssetDto.MaterializationDto.of(m, Json.tree(mapper, m.metadataJson())))
                        .orElse(null),
                assets.latestChecks(parsed).stream().map(CheckDto::of).toList());
    }

    @Operation(
            operationId = "listAssetKeys",
            summary = "List an asset's entity keys",
            description =
                    "The entity keys a keyed asset processes (what a SINGLE_KEY run takes), optionally only those with a prefix.")
    @Parameter(name = "key", in = ParameterIn.PATH, description = ApiDocument.ASSET_KEY)
    @Parameter(name = "prefix", in = ParameterIn.QUERY, description = "Only keys that start with this text.")
    @Parameter(
            name = "limit",
            in = ParameterIn.QUERY,
            description = ApiDocument.LIMIT,
            schema =
                    @Schema(
                            type = SchemaType.INTEGER,
                            format = "int32",
                            minimum = "1",
                            maximum = "2147483647",
                            defaultValue = "100"))
    @APIResponse(responseCode = "200", description = "The keys.")
    @APIResponse(responseCode = "400", description = "limit is not a whole number.")
    @APIResponse(responseCode = "404", description = "No asset has this key.")
    @APIResponse(responseCode = "422", description = "limit is out of range, or the asset processes no entity keys.")
    @GET
    @Path("/{key: " + ApiDocument.ASSET_KEY_PATH + "}/keys")
    public List<String> keys(
            @PathParam("key") String key,
            @QueryParam("prefix") String prefix,
            @QueryParam("limit") @DefaultValue("100") String limit) {
        Asset<?> asset = assets.get(key);
        return assets.keys(asset.spec().key(), prefix, Params.integer("limit", limit));
    }

    /** The status of every partition, range-compressed; {@code status} keeps only the ranges of one status. */
    @Operation(
            operationId = "getAssetPartitions",
            summary = "Show the status of an asset's partitions",
            description = "The status of every partition of a partitioned asset, as ranges of consecutive partitions.")
    @Parameter(name = "key", in = ParameterIn.PATH, description = ApiDocument.ASSET_KEY)
    @Parameter(
            name = "status",
            in = ParameterIn.QUERY,
            description = "Only the ranges of partitions in this status (at most once).",
            schema = @Schema(implementation = PartitionState.class))
    @APIResponse(responseCode = "200", description = "The partition ranges by status.")
    @APIResponse(responseCode = "400", description = "status is given more than once.")
    @APIResponse(responseCode = "404", description = "No asset has this key.")
    @APIResponse(
            responseCode = "422",
            description = "status is not a partition status, or the asset is not partitioned.")
    @GET
    @Path("/{key: " + ApiDocument.ASSET_KEY_PATH + "}/partitions")
    public PartitionStatusView partitions(@PathParam("key") String key, @QueryParam("status") List<String> statuses) {
        Asset<?> asset = assets.get(key);
        if (statuses != null && statuses.size() > 1) {
            throw RequestRejected.malformed("status", "give the status parameter at most once; got " + statuses.size());
        }
        String status = statuses == null || statuses.isEmpty() ? null : statuses.get(0);
        Optional<PartitionState> only = status == null || status.isBlank()
                ? Optional.empty()
                : Optional.of(Params.enumValue(PartitionState.class, "status", status));
        return partitionStatuses.of(asset.spec().key(), only);
    }

    /** Restores the asset's table (or one partition) to an earlier run or system time, as a run of its own. */
    @Operation(
            operationId = "rollbackAsset",
            summary = "Roll an asset's table back",
            description =
                    "Restores the asset's table, or one partition of it, to what it was after an earlier run or at an earlier "
                            + "system time. The rollback is a run of its own, queued and answered at once; history is kept.")
    @Parameter(name = "key", in = ParameterIn.PATH, description = ApiDocument.ASSET_KEY)
    @Parameter(name = RunResource.ACTOR_HEADER, in = ParameterIn.HEADER, description = ApiDocument.ACTOR)
    @RequestBody(required = true, description = "Exactly one of toRun and toSystemTime, and why.")
    @APIResponse(
            responseCode = "201",
            description = "The rollback run is queued; Location is its address.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunDto.class)))
    @APIResponse(
            responseCode = "400",
            description = "The body is missing, is not JSON of this shape, or toSystemTime is not a timestamp.")
    @APIResponse(responseCode = "404", description = "No asset has this key, or no run has the id in toRun.")
    @APIResponse(responseCode = "409", description = "The asset cannot be rolled back to this target now.")
    @APIResponse(
            responseCode = "422",
            description = "Neither or both of toRun and toSystemTime are given, or a field is not allowed.")
    @POST
    @Path("/{key: " + ApiDocument.ASSET_KEY_PATH + "}/rollback")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response rollback(
            @PathParam("key") String key,
            RollbackBody body,
            @HeaderParam(RunResource.ACTOR_HEADER) String actor,
            @Context UriInfo uri) {
        Asset<?> asset = assets.get(key);
        if (body == null) {
            throw RequestRejected.malformed(
                    null, "request body is missing; send {\"toRun\": \"RUN_ID\", \"reason\": \"...\"}");
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
        Run started = runs.rollback(
                asset.spec().key(),
                target,
                Optional.ofNullable(body.partition()).filter(p -> !p.isBlank()),
                body.reason(),
                RunResource.actor(body.launchedBy(), actor));
        return Response.created(uri.getBaseUriBuilder()
                        .path("api/runs")
                        .path(started.id())
                        .build())
                .entity(RunDto.of(
                        started, started.partitions(), Json.tree(mapper, started.configJson()), null, clock.instant()))
                .build();
    }

    private static AssetDto.LastRunDto lastRun(Map<AssetKey, AssetRun> last, AssetKey key) {
        return AssetDto.LastRunDto.of(last.get(key));
    }
}
