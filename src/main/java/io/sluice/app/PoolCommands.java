package io.sluice.app;

import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.pools.PoolService;
import io.sluice.runs.RunService;
import jakarta.enterprise.context.ApplicationScoped;

/** Setting and removing a concurrency pool's limit, as the caller; queued runs a higher limit lets start, start now. */
@ApplicationScoped
public class PoolCommands {

    private final PoolService pools;
    private final RunService runs;

    public PoolCommands(PoolService pools, RunService runs) {
        this.pools = pools;
        this.runs = runs;
    }

    /** Sets the limit; {@code allowUndeclared} for a pool no asset declares yet. */
    public void setLimit(Caller caller, String pool, Integer limit, boolean allowUndeclared, String reason) {
        caller.require(Action.SET_POOL_LIMITS);
        pools.set(pool, limit, allowUndeclared, caller.name(), reason);
        runs.dispatchSoon();
    }

    /** Removes the limit: the pool's runs are then limited by the workers only. */
    public void removeLimit(Caller caller, String pool) {
        caller.require(Action.SET_POOL_LIMITS);
        pools.remove(pool, caller.name());
        runs.dispatchSoon();
    }
}
