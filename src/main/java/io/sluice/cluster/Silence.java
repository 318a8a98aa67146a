package io.sluice.cluster;

import java.time.Duration;
import java.time.Instant;

/** Why a node's runs were taken over, in words a person reads in a run's error and the audit log. */
public final class Silence {

    private Silence() {}

    /**
     * {@code node b (host-b, pid 4242) stopped renewing its lease: silent for 41 s (lease 30 s); taken over by node a}.
     */
    public static String describe(Node lost, Instant now, Duration lease, String takenOverBy) {
        return "node " + lost.name() + " (" + lost.host() + ", pid " + lost.pid() + ") " + what(lost)
                + ": silent for " + seconds(lost.heartbeatAt(), now) + " s (lease " + lease.toSeconds()
                + " s); taken over by node " + takenOverBy;
    }

    /** Whole seconds since the last heartbeat, never negative. */
    public static long seconds(Instant lastHeartbeat, Instant now) {
        return Math.max(0, Duration.between(lastHeartbeat, now).toSeconds());
    }

    private static String what(Node lost) {
        if (lost.state() == NodeState.STOPPED) {
            return "stopped with runs in progress";
        }
        if ("restarted".equals(lost.endReason())) {
            return "was restarted";
        }
        return "stopped renewing its lease";
    }
}
