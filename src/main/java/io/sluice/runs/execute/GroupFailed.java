package io.sluice.runs.execute;

import io.sluice.runs.Fence;
import java.util.Objects;

/**
 * A claimed group failed outside any asset's compute (the metadata store refused a write, say): carries the claim's
 * fence, so that whoever ends the group's runs does it only for the runs this node still owns.
 */
public final class GroupFailed extends RuntimeException {

    private final transient Fence fence;

    GroupFailed(Fence fence, RuntimeException cause) {
        super(cause.getMessage(), cause);
        this.fence = Objects.requireNonNull(fence);
    }

    public Fence fence() {
        return fence;
    }

    /** What failed. */
    public RuntimeException failure() {
        return (RuntimeException) getCause();
    }
}
