/**
 * Concurrency pools: an asset declares a pool, and a pool's limit caps how many runs of its assets execute at once,
 * across every node. {@link io.sluice.pools.PoolService} sets and removes limits (stored through
 * {@link io.sluice.runs.RunLimits} as {@code POOL} limits, audited, read from the store on every call; claims count them
 * in the store). Pools use the runs model but never the dispatcher or the execution; runs never import pools (ArchUnit
 * rules keep both so).
 */
package io.sluice.pools;
