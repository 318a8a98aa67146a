package io.sluice.runs;

import java.util.Set;

/**
 * Who this process is in the cluster, as the runs see it: the node that claims runs (it is written as their owner) and
 * whether it executes runs that write the lake. Plugged in by {@code io.sluice.cluster}; runs never import it.
 */
public interface RunOwner {

    /** The placeholder owner of the runs a process before run leases left STARTED (migration V29_1). */
    String BEFORE_LEASES = "00000000-0000-0000-0000-000000000029";

    /** This node's id: the owner its claims write, and what its writes are fenced on. */
    String nodeId();

    /** Whether this node claims runs that write the lake. */
    boolean lakeRuns();

    /**
     * The owners whose STARTED runs this node's start settles: its own earlier starts (same host and data directory,
     * which the data directory's lock proves dead) and, with the lake, the placeholder of runs from before leases.
     */
    Set<String> earlierStarts();
}
