package io.sluice.runs;

import java.util.Objects;

/** A STARTED run with its owner node and lease epoch: what a takeover fences its end on. */
public record LeasedRun(String id, String owner, long epoch) {

    public LeasedRun {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(owner, "owner");
    }

    public Fence fence() {
        return Fence.of(owner, id, epoch);
    }
}
