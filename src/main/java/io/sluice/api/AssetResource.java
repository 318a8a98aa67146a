package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetService;
import io.sluice.runs.AssetRun;
import jakarta.ws.rs.DefaultValue;
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

    public AssetResource(AssetService assets, ObjectMapper mapper) {
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

    private static AssetDto.LastRunDto lastRun(Map<AssetKey, AssetRun> last, AssetKey key) {
        return AssetDto.LastRunDto.of(last.get(key));
    }
}
