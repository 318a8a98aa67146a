/**
 * Concurrency pools: an asset declares a pool, and a pool's limit caps how many runs of its assets execute at once.
 * {@link io.sluice.pools.PoolService} sets and removes limits (stored through {@link io.sluice.pools.PoolLimitStore},
 * audited, in force at once); {@link io.sluice.pools.ConcurrencyLimits} holds them in memory and gives them to the
 * dispatcher as {@link io.sluice.runs.PoolLimits}. Pools use the runs model but never the dispatcher or the execution;
 * runs never import pools (ArchUnit rules keep both so).
 */
package io.sluice.pools;
