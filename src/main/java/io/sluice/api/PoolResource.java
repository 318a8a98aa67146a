package io.sluice.api;

import io.sluice.runs.PoolService;
import io.sluice.runs.RunExecutor;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** Concurrency pools: assets declare theirs; limits are stored, audited and change at run time. */
@Path("/api/pools")
@Produces(MediaType.APPLICATION_JSON)
public class PoolResource {

    /** {@code {"limit": N, "reason": "..."}}; {@code "allowUndeclared": true} sets a limit for a pool no asset declares yet. */
    public record PoolBody(Integer limit, String reason, Boolean allowUndeclared) {
    }

    public record PoolDto(String name, Integer limit) {
    }

    private final PoolService pools;
    private final RunExecutor executor;

    public PoolResource(PoolService pools, RunExecutor executor) {
        this.pools = pools;
        this.executor = executor;
    }

    @GET
    public Map<String, Integer> list() {
        return pools.limits();
    }

    @PUT
    @Path("/{name}")
    @Consumes(MediaType.APPLICATION_JSON)
    public PoolDto set(@PathParam("name") String name, PoolBody body, @HeaderParam(RunResource.ACTOR_HEADER) String actor) {
        if (body == null) {
            throw io.sluice.runs.RequestRejected.malformed(null, "request body is missing; send {\"limit\": N, \"reason\": \"...\"}");
        }
        pools.set(name, body.limit(), Boolean.TRUE.equals(body.allowUndeclared()), actor, body.reason());
        executor.wake();
        return new PoolDto(name, body.limit());
    }

    /** Removes the pool's limit (404 if it has none): its runs are then limited by the workers only. */
    @DELETE
    @Path("/{name}")
    public PoolDto remove(@PathParam("name") String name, @HeaderParam(RunResource.ACTOR_HEADER) String actor) {
        pools.remove(name, actor);
        executor.wake();
        return new PoolDto(name, null);
    }
}
