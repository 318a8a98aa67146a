package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.app.RollbackCommands;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.freshness.FreshnessService;
import io.sluice.freshness.FreshnessView;
import io.sluice.identity.RequestCaller;
import io.sluice.lake.LakeTables;
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

    private final LakeTables tables;
    private final RequestCaller caller;
    private final RollbackCommands rollbacks;
    private final FreshnessService freshness;

    public AssetResource(
            AssetService assets,
            RunService runs,
            ObjectMapper mapper,
            PartitionStatuses partitionStatuses,
            InstantSource clock,
            LakeTables tables,
            RequestCaller caller,
            RollbackCommands rollbacks,
            FreshnessService freshness) {
        this.freshness = freshness;
        this.caller = caller;
        this.rollbacks = rollbacks;
        this.tables = tables;
        this.clock = clock;
        this.partitionStatuses = partitionStatuses;
        this.runs = runs;
        this.assets = assets;
        this.mapper = mapper;
    }

    @Operation(
            operationId = "listAssets",
            summary = "List the assets",
            description =
                    "Every declared asset with its upstream assets, its last run and, for an asset with a freshness "
                            + "policy, its freshness (without its late partitions).")
    @APIResponse(responseCode = "200", description = "The assets.")
    @APIResponse(responseCode = "406", description = "The request accepts no JSON answer.")
    @GET
    public List<AssetDto> list() {
        Map<AssetKey, AssetRun> last = assets.lastSteps();
        Map<AssetKey, FreshnessView> fresh = freshness.views();
        return assets.all().stream()
                .map(a -> AssetDto.summary(
                                a,
                                assets.upstream(a.spec().key()),
                                lastRun(last, a.spec().key()))
                        .withFreshness(
                                AssetDto.FreshnessDto.of(fresh.get(a.spec().key()))))
                .toList();
    }

    @Operation(
            operationId = "getAsset",
            summary = "Show an asset",
            description =
                    "An asset with its table, partitions, upstream and downstream assets, last run, last materialization, "
                            + "latest check results and, with a freshness policy, its freshness and first late partitions.")
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
                        assets.latestChecks(parsed).stream().map(CheckDto::of).toList())
                .withFreshness(AssetDto.FreshnessDto.of(freshness.view(parsed).orElse(null)));
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

    /** What a rollback of the asset's whole table would do, without doing it (the rollback confirmation's facts). */
    @Operation(
            operationId = "previewAssetRollback",
            summary = "Preview a rollback of an asset's table",
            description =
                    "What rolling the asset's whole table back to a run (toRun), to just before a run (beforeRun) "
                            + "or to a system time would change, without changing anything: the publish restored, the "
                            + "publishes undone and brought back, the current rows now and after, the watermarks the asset "
                            + "is left with, each downstream asset and whether its incremental state is reset, and why the "
                            + "rollback cannot be done, if it cannot.")
    @Parameter(name = "key", in = ParameterIn.PATH, description = ApiDocument.ASSET_KEY)
    @Parameter(name = "toRun", in = ParameterIn.QUERY, description = "The run whose state to go back to.")
    @Parameter(name = "beforeRun", in = ParameterIn.QUERY, description = "The run to undo.")
    @Parameter(
            name = "toSystemTime",
            in = ParameterIn.QUERY,
            description = "The system time whose state to go back to, like 2025-01-01T00:00:00Z.")
    @APIResponse(
            responseCode = "200",
            description = "The preview; problem says why the rollback cannot be done, if it cannot.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = RollbackPreviewDto.class)))
    @APIResponse(responseCode = "400", description = "toSystemTime is not a timestamp.")
    @APIResponse(responseCode = "404", description = "No asset has this key, or no run has the id given.")
    @APIResponse(
            responseCode = "422",
            description = "Not exactly one of toRun, beforeRun and toSystemTime is given, or the asset has no table.")
    @GET
    @Path("/{key: " + ApiDocument.ASSET_KEY_PATH + "}/rollback")
    public RollbackPreviewDto rollbackPreview(
            @PathParam("key") String key,
            @QueryParam("toRun") String toRun,
            @QueryParam("beforeRun") String beforeRun,
            @QueryParam("toSystemTime") String toSystemTime) {
        Asset<?> asset = assets.get(key);
        RollbackTarget target = target(toRun, beforeRun, toSystemTime);
        target.namedRun().ifPresent(id -> {
            try {
                runs.get(id);
            } catch (RequestRejected.NotFound e) {
                throw RequestRejected.notFound(target.field(), "no run with id '" + id + "'");
            }
        });
        String table = asset.spec()
                .table()
                .orElseThrow(() -> RequestRejected.invalid(
                        "asset",
                        "asset " + asset.spec().key() + " declares no table, so there is nothing to roll back"))
                .name();
        if (tables.table(table).isEmpty()) {
            throw RequestRejected.conflict("asset", "table " + table + " has never been written");
        }
        LakeTables.RollbackPreview preview = rollbacks.preview(caller.get(), table, target);
        AssetKey assetKey = asset.spec().key();
        return RollbackPreviewDto.of(
                preview, assets.keyed(assetKey), assets.rollbackDownstream(assetKey, preview.changedSince()));
    }

    /** Exactly one of the three targets, or a refusal naming the field. */
    private static RollbackTarget target(String toRun, String beforeRun, String toSystemTime) {
        boolean run = !blank(toRun);
        boolean before = !blank(beforeRun);
        boolean time = !blank(toSystemTime);
        int given = (run ? 1 : 0) + (before ? 1 : 0) + (time ? 1 : 0);
        if (given != 1) {
            throw RequestRejected.invalid(
                    given == 0 ? "toRun" : run ? (before ? "beforeRun" : "toSystemTime") : "toSystemTime",
                    "give exactly one of toRun, beforeRun and toSystemTime");
        }
        if (run) {
            return RollbackTarget.toRun(toRun.trim());
        }
        if (before) {
            return RollbackTarget.beforeRun(beforeRun.trim());
        }
        return RollbackTarget.toSystemTime(Params.instant("toSystemTime", toSystemTime));
    }

    /** Restores the asset's table (or one partition) to an earlier run or system time, as a run of its own. */
    @Operation(
            operationId = "rollbackAsset",
            summary = "Roll an asset's table back",
            description =
                    "Restores the asset's table, or one partition of it, to what it was after an earlier run (toRun), just "
                            + "before a run (beforeRun: undoes that run and every later write) or at an earlier system time. "
                            + "The rollback is a run of its own, queued and answered at once; history is kept. The asset's "
                            + "incremental state goes back with its data, and keyed downstream assets that read the changed "
                            + "data have theirs reset (see docs/lake.md).")
    @Parameter(name = "key", in = ParameterIn.PATH, description = ApiDocument.ASSET_KEY)
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(required = true, description = "Exactly one of toRun, beforeRun and toSystemTime, and why.")
    @APIResponse(
            responseCode = "201",
            description = "The rollback run is queued; Location is its address.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunDto.class)))
    @APIResponse(
            responseCode = "400",
            description = "The body is missing, is not JSON of this shape, or toSystemTime is not a timestamp.")
    @APIResponse(
            responseCode = "404",
            description = "No asset has this key, or no run has the id in toRun or beforeRun.")
    @APIResponse(responseCode = "409", description = "The asset cannot be rolled back to this target now.")
    @APIResponse(
            responseCode = "422",
            description = "Not exactly one of toRun, beforeRun and toSystemTime is given, or a field is not allowed.")
    @POST
    @Path("/{key: " + ApiDocument.ASSET_KEY_PATH + "}/rollback")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response rollback(@PathParam("key") String key, RollbackBody body, @Context UriInfo uri) {
        Asset<?> asset = assets.get(key);
        if (body == null) {
            throw RequestRejected.malformed(
                    null, "request body is missing; send {\"toRun\": \"RUN_ID\", \"reason\": \"...\"}");
        }
        RollbackTarget target = target(body.toRun(), body.beforeRun(), body.toSystemTime());
        Run started = rollbacks.rollback(
                caller.get(body.launchedBy()),
                asset.spec().key(),
                target,
                Optional.ofNullable(body.partition()).filter(p -> !p.isBlank()),
                body.reason());
        return Response.created(uri.getBaseUriBuilder()
                        .path("api/runs")
                        .path(started.id())
                        .build())
                .entity(RunDto.of(
                        started, started.partitions(), Json.tree(mapper, started.configJson()), null, clock.instant()))
                .build();
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }

    private static AssetDto.LastRunDto lastRun(Map<AssetKey, AssetRun> last, AssetKey key) {
        return AssetDto.LastRunDto.of(last.get(key));
    }
}
