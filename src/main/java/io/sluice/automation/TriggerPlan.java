package io.sluice.automation;

import java.util.List;

/**
 * The result of one trigger evaluation: what to launch ({@code launches}, and the same as one entry per asset
 * partition in {@code launched}), what is held and why, what was not launched again because it is already queued or
 * running, and the cursor to persist together with the launches.
 */
public record TriggerPlan(
        List<Launch> launches,
        List<AssetPartition> launched,
        List<Held> held,
        List<AssetPartition> alreadyActive,
        TriggerCursor cursor) {

    public TriggerPlan {
        launches = List.copyOf(launches);
        launched = List.copyOf(launched);
        held = List.copyOf(held);
        alreadyActive = List.copyOf(alreadyActive);
    }
}
