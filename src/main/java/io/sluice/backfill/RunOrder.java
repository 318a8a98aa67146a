package io.sluice.backfill;

/** Which partitions a backfill runs first. */
public enum RunOrder {
    OLDEST_FIRST,
    NEWEST_FIRST
}
