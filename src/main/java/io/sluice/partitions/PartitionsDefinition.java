package io.sluice.partitions;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * How an asset is split into independently materializable partitions.
 * Pure JDK: no framework imports.
 */
public sealed interface PartitionsDefinition permits Unpartitioned, TimeWindowPartitions {

    /** The definition of assets that are not partitioned. */
    static PartitionsDefinition none() {
        return Unpartitioned.INSTANCE;
    }

    boolean isPartitioned();

    /**
     * Checks one key against this definition.
     *
     * @param today the current day in the definition's time zone, so that windows that have not
     *              started yet are rejected
     * @return an error message for the user, or empty if the key exists
     */
    Optional<String> validate(String key, LocalDate today);

    /** Every key that exists on {@code today}, oldest first. */
    List<String> keys(LocalDate today);

    /** A short human description, for example {@code daily from 2001-01-01 (UTC)}. */
    String describe();
}
