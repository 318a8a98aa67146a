package io.sluice.cluster;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** The storage port of the nodes and their leases (the {@code node} table); every change is a conditional update. */
public interface NodeStore {

    /**
     * Stores a node that starts, and marks its earlier starts at the same place (host and data directory; on H2 every
     * other node, since one data directory is one process) LOST: the data directory's lock proves them dead. Returns
     * the ids of every earlier start of this place (also those already ended), whose STARTED runs this start settles.
     */
    Set<String> register(Node node);

    /**
     * Renews the lease of a node that is alive (RUNNING or DRAINING) until {@code leaseUntil}; false when it updated no
     * row, which means the node was declared LOST (or is stopped) and must fence itself.
     */
    boolean renew(String id, Instant now, Instant leaseUntil);

    /**
     * Declares LOST the alive nodes other than {@code me} whose lease ran out before {@code now} (rows another watcher
     * holds are passed over; each update is conditional), {@code why} giving each one's end reason; returns them.
     */
    List<Node> declareLost(String me, Instant now, Function<Node, String> why);

    /** The nodes that ended (LOST or STOPPED) and still own STARTED runs: the runs to take over. */
    List<Node> endedWithStartedRuns();

    /** How many STARTED runs each node owns (nodes that own none are left out). */
    Map<String, Long> runsStarted();

    /** The node, if stored. */
    Optional<Node> find(String id);

    /** The nodes alive, and those that ended after {@code endedSince}: alive ones first, then by start. */
    List<Node> list(Instant endedSince);

    /**
     * Deletes the nodes that ended before {@code endedBefore} and own no STARTED run (the placeholder of runs from
     * before leases too, once it owns none); answers how many went.
     */
    int prune(Instant endedBefore);

    /**
     * Moves the node from one state to another, if it is in {@code from} (RUNNING to DRAINING for a drain, back for a
     * resume); false if it is not (nothing changed).
     */
    boolean transition(String id, NodeState from, NodeState to);

    /** The node stopped by itself: STOPPED with the reason, if it is alive; false if it is not (nothing changed). */
    boolean stop(String id, Instant now, String reason);

    /** The metadata store's clock now (to measure this node's clock skew). */
    Instant databaseNow();
}
