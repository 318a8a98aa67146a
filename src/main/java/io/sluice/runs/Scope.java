package io.sluice.runs;

/**
 * What a concurrency limit caps: the runs of a concurrency pool (named by an asset's spec) or of a group of runs (named
 * by {@link Run#group()}). A STARTED run counts once against its group, if any, and once against each pool of its
 * assets.
 */
public enum Scope {
    POOL,
    GROUP
}
