package io.sluice.pools;

import java.time.Instant;
import java.util.Map;

/** The stored limits of the concurrency pools (a pool without one is unlimited). */
public interface PoolLimitStore {

    Map<String, Integer> all();

    /** Sets the pool's limit, creating it or replacing the one it has, in one statement. */
    void set(String pool, int limit, Instant now);

    /**
     * Another transaction created the same pool's limit at the same time, and the store refused this one's insert:
     * nothing of this transaction should be kept, and setting the limit again (in a new transaction) updates the row.
     */
    final class LostRace extends RuntimeException {
        public LostRace(String pool, Throwable cause) {
            super("the limit of pool " + pool + " was just created by another request", cause);
        }
    }

    /** Removes the pool's limit; false if it had none. */
    boolean remove(String pool);
}
