package io.sluice.runs;

import io.sluice.partitions.DynamicPartitionKeys;
import java.time.Instant;
import java.util.List;

/** The storage port of dynamic partition keys; it is also the lookup that {@code DynamicPartitions} definitions use. */
public interface DynamicKeyStore extends DynamicPartitionKeys {

    /** Adds the keys that are not there yet, after the existing ones; returns those added. */
    List<String> add(String name, List<String> keys, Instant now);

    /** Removes the keys that are there; returns those removed. */
    List<String> remove(String name, List<String> keys);
}
