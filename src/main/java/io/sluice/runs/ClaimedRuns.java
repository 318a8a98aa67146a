package io.sluice.runs;

import java.util.List;
import java.util.Objects;

/** Runs a node claimed in one transaction, in the order asked, and the fence of that claim (its node and epochs). */
public record ClaimedRuns(List<Run> runs, Fence fence) {

    public ClaimedRuns {
        runs = List.copyOf(runs);
        Objects.requireNonNull(fence, "fence");
        for (Run run : runs) {
            if (!fence.covers(run.id())) {
                throw new IllegalArgumentException("claimed run " + run.id() + " has no epoch in the fence");
            }
        }
    }

    public boolean isEmpty() {
        return runs.isEmpty();
    }
}
