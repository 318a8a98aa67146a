package io.sluice.partitions;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * How an asset is split into independently materializable partitions.
 * Pure JDK: no framework imports.
 */
public sealed interface PartitionsDefinition
        permits Unpartitioned, TimeWindowPartitions, StaticPartitions, DynamicPartitions, MultiPartitions {

    /** The definition of assets that are not partitioned. */
    static PartitionsDefinition none() {
        return Unpartitioned.INSTANCE;
    }

    boolean isPartitioned();

    /** The partitions that exist at {@code now}, indexed; the snapshot that subsets and mappings work on. */
    PartitionSpace at(Instant now);

    /**
     * Checks one key against this definition.
     *
     * @param now the current instant, so that time windows that have not ended yet are rejected
     * @return an error message for the user, or empty if the key exists
     */
    default Optional<String> validate(String key, Instant now) {
        return at(now).validate(key);
    }

    /** Every key that exists at {@code now}, oldest first, computed as the list is read. */
    default List<String> keys(Instant now) {
        return at(now).keys();
    }

    /** A short human description, for example {@code daily from 2001-01-01 (UTC)}. */
    String describe();
}
