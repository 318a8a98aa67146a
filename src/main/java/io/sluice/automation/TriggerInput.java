package io.sluice.automation;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What one trigger evaluation looks at: the batch of materialization events read since the cursor (a burst is one
 * batch, so it is one evaluation), what is materialized now, the upstream partitions whose last materialization
 * failed a blocking check ({@link AssetPartition#whole} for all of an asset), the partitions already queued or running,
 * and the evaluation's instant.
 */
public record TriggerInput(
        List<MaterializationEvent> events,
        MaterializedState state,
        Set<AssetPartition> failedChecks,
        Set<AssetPartition> active,
        Instant now) {

    public TriggerInput {
        events = List.copyOf(events);
        Objects.requireNonNull(state, "state");
        failedChecks = Set.copyOf(failedChecks);
        active = Set.copyOf(active);
        Objects.requireNonNull(now, "now");
    }
}
