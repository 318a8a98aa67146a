package io.sluice.automation;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What one trigger evaluation looks at: the batch of materialization events read since the cursor (a burst is one
 * batch, so it is one evaluation), what is materialized now, the upstream partitions whose last materialization
 * failed a blocking check ({@link AssetPartition#whole} for all of an asset), the partitions of automated assets
 * already queued or running, what is being materialized upstream ({@link UpstreamActivity}, asked lazily), how the
 * runs the cursor follows ended (by run id; a run still queued or running is absent), the evaluation's instant, and what
 * freshness says is late or due soon ({@code late}, for {@link TriggerPolicy.OnLate} assets): a partition under a
 * partition deadline, {@link AssetPartition#whole} for an asset past its maximum age's warning.
 */
public record TriggerInput(
        List<MaterializationEvent> events,
        MaterializedState state,
        Set<AssetPartition> failedChecks,
        Set<AssetPartition> active,
        UpstreamActivity activity,
        Map<String, RunEnd> ended,
        Instant now,
        Set<AssetPartition> late) {

    public TriggerInput {
        events = List.copyOf(events);
        Objects.requireNonNull(state, "state");
        failedChecks = Set.copyOf(failedChecks);
        active = Set.copyOf(active);
        Objects.requireNonNull(activity, "activity");
        ended = Map.copyOf(ended);
        Objects.requireNonNull(now, "now");
        late = Set.copyOf(late);
    }

    /** Nothing late. */
    public TriggerInput(
            List<MaterializationEvent> events,
            MaterializedState state,
            Set<AssetPartition> failedChecks,
            Set<AssetPartition> active,
            UpstreamActivity activity,
            Map<String, RunEnd> ended,
            Instant now) {
        this(events, state, failedChecks, active, activity, ended, now, Set.of());
    }

    /** Nothing in progress upstream, no followed run ended, nothing late. */
    public TriggerInput(
            List<MaterializationEvent> events,
            MaterializedState state,
            Set<AssetPartition> failedChecks,
            Set<AssetPartition> active,
            Instant now) {
        this(events, state, failedChecks, active, UpstreamActivity.NONE, Map.of(), now, Set.of());
    }

    /** The same input with what freshness says is late or due soon. */
    public TriggerInput withLate(Set<AssetPartition> newLate) {
        return new TriggerInput(events, state, failedChecks, active, activity, ended, now, newLate);
    }
}
