package io.sluice.cluster;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
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
    private volatile Thread thread;
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
            ActiveStore store) {
        this.nodes = nodes;
        this.self = self;
        this.registry = registry;
        this.settings = settings;
        this.clock = clock;
        this.executor = executor;
        this.store = store;
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
        Thread t = new Thread(this::loop, "sluice-heartbeat");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        Thread t = thread;
        thread = null;
        if (t != null) {
            t.interrupt();
        }
    }

    private void loop() {
        while (thread == Thread.currentThread()) {
            try {
                beat();
                Thread.sleep(settings.heartbeat().toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One heartbeat: renews the lease, or fences this node. */
    void beat() {
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
        } catch (RuntimeException e) {
            lastFailure = Optional.of(String.valueOf(e.getMessage()));
            LOG.warnf("renewing this node's lease failed (%s); lease until %s", e.getMessage(), leaseUntil);
        }
    }

    private void fence(String why) {
        String old = self.nodeId();
        LOG.errorf(
                "node %s fences itself: %s. Its runs in flight stop and store nothing more; other nodes take them over",
                old, why);
        executor.fenced();
        try {
            registry.registerAgain();
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
