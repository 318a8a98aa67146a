package io.sluice.cluster;

import java.util.EnumSet;
import java.util.Set;

/** Where a node is in its life: alive while it renews its lease, then stopped (by itself) or lost (declared by another). */
public enum NodeState {
    /** Renews its lease, claims and executes runs. */
    RUNNING,
    /** Renews its lease but claims nothing more; its runs end or are handed back. */
    DRAINING,
    /** Stopped by itself; runs it still owned are taken over at once. */
    STOPPED,
    /** Stopped renewing its lease and was declared lost by another node (or by its own restart). */
    LOST;

    /** The states of a node that renews its lease. */
    public static final Set<NodeState> ALIVE = EnumSet.of(RUNNING, DRAINING);

    public boolean isAlive() {
        return ALIVE.contains(this);
    }
}
