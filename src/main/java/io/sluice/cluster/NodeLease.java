package io.sluice.cluster;

import java.time.Duration;
import java.time.Instant;

/**
 * How a node's own lease stands, by its clock: OK; AT_RISK when less than two heartbeats of it are left (readiness
 * reports DOWN and the node should claim nothing more); EXPIRED from {@code leaseUntil - maxSkew} on, when another node
 * whose clock runs ahead by up to the allowed skew may already take its runs over, so the node fences itself.
 */
public enum NodeLease {
    OK,
    AT_RISK,
    EXPIRED;

    public static NodeLease health(Instant now, Instant leaseUntil, Duration heartbeat, Duration maxSkew) {
        if (!now.isBefore(leaseUntil.minus(maxSkew))) {
            return EXPIRED;
        }
        if (Duration.between(now, leaseUntil).compareTo(heartbeat.multipliedBy(2)) < 0) {
            return AT_RISK;
        }
        return OK;
    }

    /** Whether the node may go on claiming runs. */
    public boolean claims() {
        return this == OK;
    }
}
