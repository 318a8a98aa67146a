package io.sluice.runs;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Limits on runs executing at once beyond the worker pool: per named pool (an asset declares its pool;
 * changed at run time) and per backfill (set when it is launched). Unset means unlimited.
 */
@ApplicationScoped
public class ConcurrencyLimits {

    private final Map<String, Integer> pools = new ConcurrentHashMap<>();
    private final Map<String, Integer> backfills = new ConcurrentHashMap<>();

    public void setPool(String pool, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a pool limit must be >= 1");
        }
        pools.put(pool, limit);
    }

    public Map<String, Integer> pools() {
        return Map.copyOf(pools);
    }

    public int pool(String pool) {
        return pools.getOrDefault(pool, Integer.MAX_VALUE);
    }

    public void setBackfill(String backfillId, int limit) {
        backfills.put(backfillId, limit);
    }

    public int backfill(String backfillId) {
        return backfills.getOrDefault(backfillId, Integer.MAX_VALUE);
    }
}
