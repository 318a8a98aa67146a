package io.sluice.runs;

/**
 * The most runs of a concurrency pool (named by an asset's spec) executing at once: plugged in by the pools
 * ({@code io.sluice.pools}), read by the dispatcher. {@link Integer#MAX_VALUE} for a pool without a limit.
 */
public interface PoolLimits {

    int pool(String pool);
}
