package io.sluice.app;

import io.sluice.cluster.Node;
import io.sluice.cluster.NodeHeartbeat;
import io.sluice.cluster.NodeStore;
import io.sluice.cluster.Silence;
import io.sluice.cluster.ThisNode;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.runs.RequestRejected;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;

/**
 * The nodes of the cluster for every face ({@code GET /api/nodes}, the overview): the alive ones first, then those
 * that ended in the last 24 hours, each with how long it has been silent and how many runs it owns.
 */
@ApplicationScoped
public class NodeList {

    static final Duration ENDED_SHOWN = Duration.ofHours(24);

    /** A node as the faces show it. */
    public record NodeView(Node node, boolean self, Instant lastHeartbeatAt, long silentSeconds, long runsStarted) {}

    private final NodeStore nodes;
    private final ThisNode self;
    private final NodeHeartbeat heartbeat;
    private final InstantSource clock;

    public NodeList(NodeStore nodes, ThisNode self, NodeHeartbeat heartbeat, InstantSource clock) {
        this.nodes = nodes;
        this.self = self;
        this.heartbeat = heartbeat;
        this.clock = clock;
    }

    /** The nodes; the caller must be allowed to read. */
    public List<NodeView> list(Caller caller) {
        caller.require(Action.READ);
        Instant now = clock.instant();
        Map<String, Long> started = nodes.runsStarted();
        return nodes.list(now.minus(ENDED_SHOWN)).stream()
                .map(n -> view(n, now, started))
                .toList();
    }

    /** One node, alive or ended; the caller must be allowed to read. */
    public NodeView get(Caller caller, String id) {
        caller.require(Action.READ);
        Instant now = clock.instant();
        Node node = nodes.find(id).orElseThrow(() -> RequestRejected.notFound("id", "no node has id " + id));
        return view(node, now, nodes.runsStarted());
    }

    private NodeView view(Node node, Instant now, Map<String, Long> started) {
        boolean isSelf = node.id().equals(self.nodeId());
        // on H2 the data directory's lock is this node's lease: it renews nothing, and is alive now
        Instant beat = isSelf && !heartbeat.renews() ? heartbeat.lastRenewal() : node.heartbeatAt();
        Instant until = node.endedAt() == null ? now : node.endedAt();
        return new NodeView(
                node,
                isSelf,
                beat,
                Silence.seconds(beat, node.state().isAlive() ? now : until),
                started.getOrDefault(node.id(), 0L));
    }
}
