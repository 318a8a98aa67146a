package io.sluice.cluster;

import java.time.Instant;
import java.util.Optional;

/**
 * The storage port of the cluster's lake lock (the {@code 'lake'} row of {@code cluster_lock}): which lake the cluster
 * writes (the id of the first lake that took it) and which node writes it now. Every change is a conditional update.
 */
public interface LakeLock {

    /**
     * Takes the lock for {@code node} and its lake {@code lakeId}, until {@code leaseUntil}, when the cluster's lake is
     * unset or this one and no other node holds it (nobody, a lease run out, a LOST or STOPPED node, or an earlier start
     * at this node's place); on H2 (one process) always, binding the lake that is there. The node's row records its lake.
     * False: refused, nothing changed.
     */
    boolean take(Node node, String lakeId, Instant now, Instant leaseUntil);

    /**
     * Joins the cluster's lake for {@code node} when its lake {@code lakeId} is shared (every node writes it): binds the
     * cluster to it when no lake is bound yet, and accepts it when it is the one bound; no node holds a shared lake
     * alone. The node's row records its lake. On H2 (one process) always, binding its lake. False: the cluster writes
     * another lake; nothing changed.
     */
    boolean join(Node node, String lakeId);

    /** Extends the lock of {@code nodeId}, if it still holds it; false if it does not. */
    boolean renew(String nodeId, Instant leaseUntil);

    /** Lets go of the lock, if {@code nodeId} holds it; the cluster's lake stays bound. */
    void release(String nodeId);

    /** The lock as stored: the cluster's lake and its holder, if any. */
    Holder holder();

    /** The {@code 'lake'} row: the lake id bound (if any), its holder and the holder's lease (if held). */
    record Holder(Optional<String> lakeId, Optional<String> nodeId, Optional<Instant> leaseUntil) {}
}
