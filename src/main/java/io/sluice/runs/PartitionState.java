package io.sluice.runs;

/** The status of one asset partition, as the partitions API shows it. */
public enum PartitionState {
    MATERIALIZED,
    FAILED,
    MISSING,
    IN_PROGRESS,
    STALE
}
