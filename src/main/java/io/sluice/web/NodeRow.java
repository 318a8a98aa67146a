package io.sluice.web;

import io.sluice.app.NodeList;
import io.sluice.cluster.Node;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A node as the overview's Nodes section shows it: what it does, its state and how long since it renewed its lease. */
record NodeRow(
        String id,
        String name,
        String state,
        String host,
        String does,
        String heartbeat,
        String heartbeatIso,
        String silence,
        boolean late,
        long runs,
        boolean self,
        String ended) {

    /** A node silent longer than this many heartbeats is shown as late (its lease is at risk). */
    static final int LATE_AFTER_BEATS = 2;

    static NodeRow of(NodeList.NodeView v, Duration heartbeat) {
        Node n = v.node();
        boolean alive = n.state().isAlive();
        return new NodeRow(
                n.id(),
                n.name(),
                n.state().name(),
                n.host() + (n.pid() > 0 ? " · pid " + n.pid() : ""),
                does(n),
                Format.time(v.lastHeartbeatAt()),
                Format.iso(v.lastHeartbeatAt()),
                alive ? silence(v.silentSeconds()) : "",
                alive && v.silentSeconds() > LATE_AFTER_BEATS * Math.max(1, heartbeat.toSeconds()),
                v.runsStarted(),
                v.self(),
                alive ? "" : endedText(n));
    }

    /** What the node does, in words: "runs, lake, API and pages", "API and pages". */
    static String does(Node n) {
        List<String> parts = new ArrayList<>();
        if (n.executes()) {
            parts.add(n.workers() > 0 ? "runs (" + n.workers() + " workers)" : "runs");
        }
        if (n.lakeId() != null) {
            parts.add("lake");
        }
        if (n.serves()) {
            parts.add("API and pages");
        }
        return parts.isEmpty() ? "nothing" : String.join(", ", parts);
    }

    /** How long since the last renewal: "2 s ago", "3 min 4 s ago". */
    static String silence(long seconds) {
        return (seconds < 60 ? seconds + " s" : Format.millis(seconds * 1000)) + " ago";
    }

    private static String endedText(Node n) {
        String when = n.endedAt() == null ? "" : Format.time(n.endedAt()) + " UTC";
        String why = n.endReason() == null ? "" : n.endReason();
        return (when + (when.isEmpty() || why.isEmpty() ? "" : ": ") + why).trim();
    }
}
