package io.sluice.partitions;

import java.util.Objects;

/** The partitions from {@code start} to {@code end}, both included, in the order of their definition. */
public record PartitionKeyRange(String start, String end) {

    public PartitionKeyRange {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
    }

    public static PartitionKeyRange single(String key) {
        return new PartitionKeyRange(key, key);
    }

    /** {@code start...end}, or the key alone, as Dagster writes ranges. */
    @Override
    public String toString() {
        return start.equals(end) ? start : start + "..." + end;
    }
}
