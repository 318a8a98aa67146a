package io.sluice.cluster;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.periodic.Periodic;
import io.sluice.runs.dispatch.RunExecutor;
import io.sluice.store.ActiveStore;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Renews this node's lease every heartbeat (PostgreSQL; on H2 the data directory's lock is the lease). A renewal that
 * updates no row means another node declared this one LOST, and a lease that ran out (by this node's clock, less the
 * allowed skew) means it may be declared so at any moment: either way the node fences itself. Its runs in flight are
 * lost (they stop as if canceled, and the fence drops whatever they still write), and it registers again as a new node.
 */
@ApplicationScoped
public class NodeHeartbeat {

    private static final Logger LOG = Logger.getLogger(NodeHeartbeat.class);

    private final NodeStore nodes;
    private final ThisNode self;
    private final NodeRegistry registry;
    private final NodeSettings settings;
    private final InstantSource clock;
    private final RunExecutor executor;
    private final ActiveStore store;
    private final NodeDrain drain;
    private volatile Periodic beats;
    /** True from the moment this node found itself declared lost until it registered again. */
    private volatile boolean lost;
    /** Whether this node renews a lease (PostgreSQL); on H2 the data directory's lock is the lease. */
    private volatile boolean renews;

    private volatile Instant leaseUntil;
    private volatile Instant lastRenewal;
    private volatile Optional<ClockSkew> skew = Optional.empty();
    private volatile Optional<String> lastFailure = Optional.empty();

    NodeHeartbeat(
            NodeStore nodes,
            ThisNode self,
            NodeRegistry registry,
            NodeSettings settings,
            InstantSource clock,
            RunExecutor executor,
            ActiveStore store,
            NodeDrain drain) {
        this.nodes = nodes;
        this.self = self;
        this.registry = registry;
        this.settings = settings;
        this.clock = clock;
        this.executor = executor;
        this.store = store;
        this.drain = drain;
    }

    /** Right after the registration (which starts the lease). */
    void onStart(@Observes @Priority(11) StartupEvent event) {
        Instant now = clock.instant();
        lastRenewal = now;
        leaseUntil = now.plus(settings.lease());
        if (!"postgresql".equals(store.backend())) {
            return;
        }
        renews = true;
        executor.claimWhile(() -> health().claims());
        beats = Periodic.start(
                "sluice-heartbeat",
                settings::heartbeat,
                this::beat,
                e -> LOG.warnf("the heartbeat failed (%s); trying again at the next one", e.getMessage()));
    }

    void onStop(@Observes ShutdownEvent event) {
        Periodic b = beats;
        beats = null;
        if (b != null) {
            b.stop();
        }
    }

    /** One heartbeat: renews the lease, or fences this node. */
    void beat() {
        if (drain.state() == NodeState.STOPPED) {
            return; // its drain stopped it: there is no lease to renew any more
        }
        Instant now = clock.instant();
        if (NodeLease.health(now, leaseUntil, settings.heartbeat(), settings.maxClockSkew()) == NodeLease.EXPIRED) {
            fence("its lease ran out at " + leaseUntil + " before it could renew it");
            return;
        }
        try {
            if (!nodes.renew(self.nodeId(), now, now.plus(settings.lease()))) {
                fence("another node declared it lost");
                return;
            }
            lastRenewal = now;
            leaseUntil = now.plus(settings.lease());
            skew = Optional.of(ClockSkew.of(now, nodes.databaseNow(), settings.maxClockSkew()));
            lastFailure = Optional.empty();
            follow();
        } catch (RuntimeException e) {
            lastFailure = Optional.of(String.valueOf(e.getMessage()));
            LOG.warnf("renewing this node's lease failed (%s); lease until %s", e.getMessage(), leaseUntil);
        }
    }

    /** Another node asked this one (by NOTIFY) to drain or resume: acts now, not at the next heartbeat. */
    void onAsked(@Observes ClusterSignal.DrainAsked asked) {
        if (!renews || !asked.node().equals(self.nodeId())) {
            return;
        }
        try {
            follow();
        } catch (RuntimeException e) {
            LOG.warnf("reading this node's state failed (%s); the next heartbeat reads it again", e.getMessage());
        }
    }

    /**
     * Acts on a drain or resume asked through another node: the stored state says DRAINING while this node runs, or
     * RUNNING while it drains.
     */
    private void follow() {
        nodes.find(self.nodeId()).map(Node::state).ifPresent(stored -> {
            if (stored == NodeState.DRAINING && drain.state() == NodeState.RUNNING) {
                LOG.infof("node %s was asked to drain", self.nodeId());
                drain.drainInBackground();
            } else if (stored == NodeState.RUNNING && drain.state() == NodeState.DRAINING) {
                LOG.infof("node %s was asked to resume", self.nodeId());
                drain.resume();
            }
        });
    }

    private void fence(String why) {
        String old = self.nodeId();
        if (drain.stopping()) {
            // a stopping node never registers again. A renewal that found its row STOPPED met its own drain's end;
            // otherwise it was declared lost while it drained: what it still runs stops, as a fence stops it
            if (drain.state() != NodeState.STOPPED) {
                LOG.errorf(
                        "node %s fences itself as it stops: %s. Its runs in flight stop and store nothing more",
                        old, why);
                executor.fenced();
            }
            return;
        }
        lost = true;
        LOG.errorf(
                "node %s fences itself: %s. Its runs in flight stop and store nothing more; other nodes take them over",
                old, why);
        executor.fenced();
        try {
            registry.registerAgain();
            lost = false;
            Instant now = clock.instant();
            lastRenewal = now;
            leaseUntil = now.plus(settings.lease());
            LOG.warnf("node %s registered again as node %s", old, self.nodeId());
        } catch (RuntimeException e) {
            lastFailure = Optional.of(String.valueOf(e.getMessage()));
            LOG.errorf("node %s could not register again (%s): trying at the next heartbeat", old, e.getMessage());
        }
    }

    /** How this node's lease stands now, for readiness (always OK on H2, whose lease is the data directory's lock). */
    public NodeLease health() {
        if (!renews) {
            return NodeLease.OK;
        }
        return NodeLease.health(clock.instant(), leaseUntil, settings.heartbeat(), settings.maxClockSkew());
    }

    /** When the lease was last renewed (on H2: now). */
    public Instant lastRenewal() {
        return renews ? lastRenewal : clock.instant();
    }

    /** Whether this node found itself declared lost and has not registered again yet. */
    public boolean lost() {
        return lost;
    }

    public boolean renews() {
        return renews;
    }

    public Instant leaseUntil() {
        return leaseUntil;
    }

    public Optional<ClockSkew> skew() {
        return skew;
    }

    public Optional<String> lastFailure() {
        return lastFailure;
    }
}
