package io.sluice.catalog;

import java.util.List;
import java.util.Objects;

/**
 * A contiguous run of partitions of one asset, in the order of its partitions definition: {@code first} to
 * {@code last}, both included, {@code keys} all of them. For a time-window asset, the rows of the range are
 * those from the start of {@code first}'s window to the end of {@code last}'s.
 */
public record PartitionRange(List<String> keys) {

    public PartitionRange {
        keys = List.copyOf(keys);
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("a partition range has at least one partition");
        }
    }

    public static PartitionRange of(String key) {
        return new PartitionRange(List.of(Objects.requireNonNull(key, "key")));
    }

    public String first() {
        return keys.get(0);
    }

    public String last() {
        return keys.get(keys.size() - 1);
    }

    public int size() {
        return keys.size();
    }

    /** {@code first} for one partition, {@code first...last} for more. */
    @Override
    public String toString() {
        return size() == 1 ? first() : first() + "..." + last();
    }
}
