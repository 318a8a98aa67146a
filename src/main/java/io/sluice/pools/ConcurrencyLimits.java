package io.sluice.pools;

import io.sluice.runs.PoolLimits;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Limits on runs executing at once beyond the worker pool, per named pool (an asset declares its pool; limits are
 * stored in the metadata store and change at run time, see {@link PoolService}); the limits of groups of runs come
 * from {@link io.sluice.runs.dispatch.Admission}. Unset means unlimited. The dispatcher asks often, so the pools' limits are held in memory, read from the
 * store once and kept in step by every change made through this process.
 */
@ApplicationScoped
public class ConcurrencyLimits implements PoolLimits {

    private final PoolLimitStore store;
    private volatile Map<String, Integer> pools;

    ConcurrencyLimits(PoolLimitStore store) {
        this.store = store;
    }

    void rememberPool(String pool, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a pool limit must be >= 1");
        }
        pools().put(pool, limit);
    }

    void forgetPool(String pool) {
        pools().remove(pool);
    }

    /** The pools with a limit, by name. */
    public Map<String, Integer> poolLimits() {
        return new TreeMap<>(pools());
    }

    @Override
    public int pool(String pool) {
        return pools().getOrDefault(pool, Integer.MAX_VALUE);
    }

    private Map<String, Integer> pools() {
        Map<String, Integer> loaded = pools;
        if (loaded == null) {
            synchronized (this) {
                if (pools == null) {
                    pools = new ConcurrentHashMap<>(store.all());
                }
                loaded = pools;
            }
        }
        return loaded;
    }
}
