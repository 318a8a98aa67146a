package io.sluice.cluster;

import io.quarkus.runtime.StartupEvent;
import io.sluice.runs.RunOwner;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.InstantSource;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Registers this node at start-up (after the access checks, before the dispatcher starts): its row in {@code node}
 * with a fresh lease, and its earlier starts at the same place marked LOST. Their STARTED runs (and those of the
 * placeholder node of runs from before leases) are the ones this start settles.
 */
@ApplicationScoped
public class NodeRegistry {

    private static final Logger LOG = Logger.getLogger(NodeRegistry.class);

    private final ThisNode node;
    private final NodeStore store;
    private final NodeSettings settings;
    private final InstantSource clock;

    NodeRegistry(ThisNode node, NodeStore store, NodeSettings settings, InstantSource clock) {
        this.node = node;
        this.store = store;
        this.settings = settings;
        this.clock = clock;
    }

    void onStart(@Observes @Priority(10) StartupEvent event) {
        NodeSettings.problem(settings.heartbeat(), settings.lease()).ifPresent(problem -> {
            throw new IllegalStateException(problem);
        });
        register();
    }

    /**
     * After this node was declared lost: registers it again under a new id (this node's id changes only once that is
     * stored, so no claim ever names an owner the store does not know).
     */
    void registerAgain() {
        String id = UUID.randomUUID().toString();
        store.register(node.starting(id, clock.instant(), settings.lease()));
        node.identity(id);
    }

    /** Stores this node (under its current id) with a fresh lease; returns the owners whose runs this start settles. */
    Set<String> register() {
        Node starting = node.starting(node.nodeId(), clock.instant(), settings.lease());
        Set<String> earlier = new LinkedHashSet<>(store.register(starting));
        if (node.lakeRuns()) {
            earlier.add(RunOwner.BEFORE_LEASES);
        }
        node.earlierStarts(earlier);
        LOG.infof(
                "node %s (%s) registered, lease %d s",
                starting.id(), starting.name(), settings.lease().toSeconds());
        return earlier;
    }
}
