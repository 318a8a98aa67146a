package io.sluice.runs;

import java.util.Map;
import java.util.Objects;

/**
 * What a write of runs is conditional on: the node that claimed them and each run's lease epoch at that claim. A write
 * stores the records of a run only while the run is STARTED, owned by {@code node} and still at its epoch; a late
 * write of an owner whose runs were taken over (or handed back and claimed again) changes nothing.
 */
public record Fence(String node, Map<String, Long> epochs) {

    public Fence {
        Objects.requireNonNull(node, "node");
        epochs = Map.copyOf(epochs);
    }

    /** The fence of one run. */
    public static Fence of(String node, String runId, long epoch) {
        return new Fence(node, Map.of(runId, epoch));
    }

    /** Whether the run is fenced here (a record of any other run is refused). */
    public boolean covers(String runId) {
        return epochs.containsKey(runId);
    }

    public long epoch(String runId) {
        Long epoch = epochs.get(runId);
        if (epoch == null) {
            throw new IllegalArgumentException("run " + runId + " is not fenced by " + this);
        }
        return epoch;
    }
}
