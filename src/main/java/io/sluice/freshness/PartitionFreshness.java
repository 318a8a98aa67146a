package io.sluice.freshness;

import java.time.Instant;
import java.util.Objects;

/**
 * The freshness of one partition under a partition deadline: STALE since its deadline, WARNING since the deadline less
 * the warning while it is missing; FRESH since it was materialized.
 */
public record PartitionFreshness(String partition, FreshnessState state, Instant since, Instant deadline) {
    public PartitionFreshness {
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(deadline, "deadline");
    }
}
