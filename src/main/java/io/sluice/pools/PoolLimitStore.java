package io.sluice.pools;

import java.time.Instant;
import java.util.Map;

/** The stored limits of the concurrency pools (a pool without one is unlimited). */
public interface PoolLimitStore {

    Map<String, Integer> all();

    void set(String pool, int limit, Instant now);

    /** Removes the pool's limit; false if it had none. */
    boolean remove(String pool);
}
