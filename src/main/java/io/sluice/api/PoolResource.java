package io.sluice.api;

import io.sluice.app.PoolCommands;
import io.sluice.identity.Caller;
import io.sluice.identity.RequestCaller;
import io.sluice.pools.PoolService;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Concurrency pools: assets declare theirs; limits are stored, audited and change at run time. */
@Path("/api/pools")
@Tag(name = "Pools")
@Produces(MediaType.APPLICATION_JSON)
public class PoolResource {

    /** {@code {"limit": N, "reason": "..."}}; {@code "allowUndeclared": true} sets a limit for a pool no asset declares yet. */
    public record PoolBody(@Schema(required = true) Integer limit, String reason, Boolean allowUndeclared) {}

    public record PoolDto(String name, Integer limit) {}

    private final PoolService pools;
    private final PoolCommands commands;
    private final RequestCaller caller;

    public PoolResource(PoolService pools, PoolCommands commands, RequestCaller caller) {
        this.caller = caller;
        this.pools = pools;
        this.commands = commands;
    }

    @Operation(
            operationId = "listPoolLimits",
            summary = "List the pools' limits",
            description = "Each pool that has a limit, with how many of its runs may run at once.")
    @APIResponse(responseCode = "200", description = "The limits, by pool name.")
    @APIResponse(responseCode = "406", description = "The request accepts no JSON answer.")
    @GET
    public Map<String, Integer> list() {
        return pools.limits();
    }

    @Operation(
            operationId = "setPoolLimit",
            summary = "Set a pool's limit",
            description = "Sets how many runs of the pool may run at once; it applies to the next runs started.")
    @Parameter(name = "name", in = ParameterIn.PATH, description = "The pool's name, as assets declare it.")
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(required = true, description = "The limit, and why.")
    @APIResponse(responseCode = "200", description = "The pool with its new limit.")
    @APIResponse(responseCode = "400", description = "The body is missing or is not JSON of this shape.")
    @APIResponse(
            responseCode = "404",
            description = "No asset declares this pool (send allowUndeclared to set it anyway).")
    @APIResponse(responseCode = "422", description = "limit is missing or out of range.")
    @PUT
    @Path("/{name}")
    @Consumes(MediaType.APPLICATION_JSON)
    public PoolDto set(@PathParam("name") String name, PoolBody body) {
        Caller by = caller.get();
        if (body == null) {
            throw RequestRejected.malformed(null, "request body is missing; send {\"limit\": N, \"reason\": \"...\"}");
        }
        commands.setLimit(by, name, body.limit(), Boolean.TRUE.equals(body.allowUndeclared()), body.reason());
        return new PoolDto(name, body.limit());
    }

    /** Removes the pool's limit (404 if it has none): its runs are then limited by the workers only. */
    @Operation(
            operationId = "removePoolLimit",
            summary = "Remove a pool's limit",
            description = "Removes the pool's limit: its runs are then limited by the workers only.")
    @Parameter(name = "name", in = ParameterIn.PATH, description = "The pool's name, as assets declare it.")
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @APIResponse(responseCode = "200", description = "The pool, without a limit.")
    @APIResponse(responseCode = "404", description = "The pool has no limit.")
    @DELETE
    @Path("/{name}")
    public PoolDto remove(@PathParam("name") String name) {
        commands.removeLimit(caller.get(), name);
        return new PoolDto(name, null);
    }
}
