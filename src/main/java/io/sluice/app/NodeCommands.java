package io.sluice.app;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.cluster.Node;
import io.sluice.cluster.NodeDrain;
import io.sluice.cluster.NodeState;
import io.sluice.cluster.NodeStore;
import io.sluice.cluster.ThisNode;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunSignals;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.InstantSource;
import java.util.Map;

/**
 * Draining a node and putting it back to work, as the caller. The change is a conditional update of the node's row;
 * the node acts on it at once when it is the one that answers, else when it hears of it (PostgreSQL's NOTIFY) or at the
 * latest at its next heartbeat. A drained node claims nothing
 * and hands its runs back to the queue (see {@link NodeDrain}); a resumed one claims again.
 */
@ApplicationScoped
public class NodeCommands {

    private final NodeStore nodes;
    private final NodeDrain drain;
    private final ThisNode self;
    private final AuditLog audit;
    private final NodeList list;
    private final InstantSource clock;
    private final RunSignals signals;

    public NodeCommands(
            NodeStore nodes,
            NodeDrain drain,
            ThisNode self,
            AuditLog audit,
            NodeList list,
            InstantSource clock,
            RunSignals signals) {
        this.signals = signals;
        this.nodes = nodes;
        this.drain = drain;
        this.self = self;
        this.audit = audit;
        this.list = list;
        this.clock = clock;
    }

    /** Asks the node to drain; a node draining already is left as it is. */
    public NodeList.NodeView drain(Caller caller, String id, String reason) {
        caller.require(Action.MANAGE_NODES);
        change(caller, id, reason, NodeState.RUNNING, NodeState.DRAINING, AuditAction.NODE_DRAIN_REQUESTED);
        if (id.equals(self.nodeId())) {
            drain.drainInBackground();
        }
        return list.get(caller, id);
    }

    /** Puts a draining node back to work; a running node is left as it is. */
    public NodeList.NodeView resume(Caller caller, String id, String reason) {
        caller.require(Action.MANAGE_NODES);
        change(caller, id, reason, NodeState.DRAINING, NodeState.RUNNING, AuditAction.NODE_RESUMED);
        if (id.equals(self.nodeId())) {
            drain.resume();
        }
        return list.get(caller, id);
    }

    private void change(Caller caller, String id, String reason, NodeState from, NodeState to, AuditAction action) {
        QuarkusTransaction.requiringNew().run(() -> {
            Node node = nodes.find(id).orElseThrow(() -> RequestRejected.notFound("id", "no node has id " + id));
            if (!node.state().isAlive()) {
                throw RequestRejected.conflict(
                        "id",
                        "node " + node.name() + " is " + node.state()
                                + ": only a RUNNING or DRAINING node can be drained or resumed");
            }
            if (node.state() == to) {
                return;
            }
            if (!nodes.transition(id, from, to)) {
                throw RequestRejected.conflict("id", "node " + node.name() + " changed meanwhile; ask again");
            }
            if (!id.equals(self.nodeId())) {
                signals.nodeAsked(id); // on commit: the node acts at once, not at its next heartbeat
            }
            audit.record(AuditEvent.of(
                    clock.instant(),
                    caller.name(),
                    action,
                    null,
                    null,
                    reason,
                    Map.of("node", id, "name", node.name())));
        });
    }
}
