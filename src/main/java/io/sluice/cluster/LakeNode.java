package io.sluice.cluster;

import io.sluice.lake.LakeHome;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.jboss.logging.Logger;

/** Where the cluster's lake is: the node that holds the lake lock now, by name and host (read at each call). */
@ApplicationScoped
public class LakeNode implements LakeHome {

    private static final Logger LOG = Logger.getLogger(LakeNode.class);

    private final LakeLock lock;
    private final NodeStore nodes;

    LakeNode(LakeLock lock, NodeStore nodes) {
        this.lock = lock;
        this.nodes = nodes;
    }

    @Override
    public Optional<String> node() {
        try {
            return lock.holder().nodeId().flatMap(nodes::find).map(n -> "node " + n.name() + " (" + n.host() + ")");
        } catch (RuntimeException e) {
            LOG.debugf("cannot read the lake lock's holder: %s", e.toString());
            return Optional.empty();
        }
    }
}
