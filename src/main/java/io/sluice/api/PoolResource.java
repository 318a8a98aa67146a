package io.sluice.api;

import io.sluice.runs.ConcurrencyLimits;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunExecutor;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** Concurrency pools: assets declare theirs; limits change at run time. */
@Path("/api/pools")
@Produces(MediaType.APPLICATION_JSON)
public class PoolResource {

    public record PoolBody(Integer limit) {
    }

    public record PoolDto(String name, int limit) {
    }

    private final ConcurrencyLimits limits;
    private final RunExecutor executor;

    public PoolResource(ConcurrencyLimits limits, RunExecutor executor) {
        this.limits = limits;
        this.executor = executor;
    }

    @GET
    public Map<String, Integer> list() {
        return limits.pools();
    }

    @PUT
    @Path("/{name}")
    @Consumes(MediaType.APPLICATION_JSON)
    public PoolDto set(@PathParam("name") String name, PoolBody body) {
        if (!name.matches("[A-Za-z0-9_.-]+")) {
            throw RequestRejected.invalid("name", "a pool name is letters, digits, _ . -");
        }
        if (body == null || body.limit() == null || body.limit() < 1 || body.limit() > 10_000) {
            throw RequestRejected.invalid("limit", "send {\"limit\": N} with 1 <= N <= 10000");
        }
        limits.setPool(name, body.limit());
        executor.wake();
        return new PoolDto(name, body.limit());
    }
}
