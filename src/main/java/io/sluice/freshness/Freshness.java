package io.sluice.freshness;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a freshness policy says of an asset at an instant: its state, since when (from the last materialization, the
 * age thresholds or the deadlines, never from when it was evaluated) and a sentence. Under a partition deadline,
 * {@code partitions} holds each partition whose deadline lies within the look-back and is due or in its warning (oldest
 * first); under a maximum age it is empty.
 */
public record Freshness(FreshnessState state, Instant since, String detail, List<PartitionFreshness> partitions) {

    public Freshness {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(detail, "detail");
        partitions = List.copyOf(partitions);
    }

    /** The partitions missing after their deadline, oldest first. */
    public List<String> latePartitions() {
        return partitions.stream()
                .filter(p -> p.state() == FreshnessState.STALE)
                .map(PartitionFreshness::partition)
                .toList();
    }

    /** The oldest partition missing after its deadline. */
    public Optional<String> oldestLate() {
        return latePartitions().stream().findFirst();
    }

    /** How many of the evaluated partitions are in a state. */
    public long count(FreshnessState of) {
        return partitions.stream().filter(p -> p.state() == of).count();
    }
}
