package io.sluice.api;

import io.sluice.automation.trigger.TriggerOverview;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetService;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Asset-dependency triggers: the policy declared for each asset and what its last evaluations decided. */
@Path("/api/automation")
@Tag(
        name = "Automation",
        description = "Asset-dependency triggers: each asset's declared policy and what its evaluations decided.")
@Produces(MediaType.APPLICATION_JSON)
public class AutomationResource {

    static final int MAX_EVALUATIONS = 100;

    private final TriggerOverview triggers;
    private final AssetService assets;

    public AutomationResource(TriggerOverview triggers, AssetService assets) {
        this.triggers = triggers;
        this.assets = assets;
    }

    @Operation(
            operationId = "listAssetAutomation",
            summary = "List assets' trigger policies",
            description =
                    "Each asset that declares a trigger policy (eager, on_cron, missing, on_late), upstream first, with its "
                            + "last evaluations: what they launched, or why they held it.")
    @Parameter(
            name = "asset",
            in = ParameterIn.QUERY,
            description = "Only this asset, as group/name (it must declare a policy).")
    @Parameter(
            name = "limit",
            in = ParameterIn.QUERY,
            description = "How many evaluations to show per asset, newest first. From 1 to 100; 10 by default.",
            schema =
                    @Schema(
                            type = SchemaType.INTEGER,
                            format = "int32",
                            minimum = "1",
                            maximum = "100",
                            defaultValue = "10"))
    @APIResponse(responseCode = "200", description = "The automated assets with their policies and evaluations.")
    @APIResponse(responseCode = "400", description = "asset or limit is not written as it must be.")
    @APIResponse(responseCode = "404", description = "No asset has this key, or it declares no trigger policy.")
    @APIResponse(responseCode = "422", description = "limit is out of range.")
    @GET
    public AutomationDto list(
            @QueryParam("asset") String asset, @QueryParam("limit") @DefaultValue("10") String limit) {
        int n = Params.between("limit", limit, 1, MAX_EVALUATIONS);
        Optional<AssetKey> only = Params.assetKey("asset", asset);
        only.ifPresent(key -> {
            assets.get(key);
            if (triggers.policy(key).isEmpty()) {
                throw RequestRejected.notFound("asset", "asset " + key + " declares no trigger policy");
            }
        });
        List<AutomationDto.AssetTriggerDto> rows = triggers.all(n).stream()
                .filter(t -> only.isEmpty() || only.get().equals(t.asset()))
                .map(AutomationDto.AssetTriggerDto::of)
                .toList();
        return new AutomationDto(triggers.enabled(), rows);
    }
}
