package io.sluice.partitions;

import java.util.List;

/** Where the keys of {@link DynamicPartitions} come from, for example the metadata store; keys are added and removed at run time. */
@FunctionalInterface
public interface DynamicPartitionKeys {

    /** The current keys of the dynamic partitions called {@code name}, in the order they were added. */
    List<String> keys(String name);

    /** Whether {@code key} is currently a key of {@code name}; a store can answer without listing every key. */
    default boolean contains(String name, String key) {
        return keys(name).contains(key);
    }

    /** A lookup that knows no keys. */
    static DynamicPartitionKeys none() {
        return name -> List.of();
    }
}
