package io.sluice.cluster;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.lake.Lake;
import io.sluice.runs.RunSettings;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * One lake per cluster: a node that executes runs with a lake one process owns (a DuckDB file) takes the cluster's lake lock
 * at start-up, right after it registers ({@link NodeRegistry}), and keeps it while it runs. The first lake to take it
 * binds the cluster; a node whose lake file is another one (or whose lake is held by another live node) is refused
 * with {@link StartRefused}, whose one line says what to do, before it claims any run: two lakes would split the data.
 * The lock's lease is renewed every heartbeat on a thread of its own and released at shutdown. A node whose lake is shared
 * (PostgreSQL: every node writes it) joins it instead: it binds the cluster when no lake is bound, is accepted when its
 * lake is the one bound, and refused when the cluster writes another lake.
 */
@ApplicationScoped
public class LakeGuard {

    private static final Logger LOG = Logger.getLogger(LakeGuard.class);

    private final ThisNode node;
    private final NodeStore nodes;
    private final LakeLock lock;
    private final Lake lake;
    private final RunSettings runs;
    private final NodeSettings settings;
    private final InstantSource clock;
    private final String lakeFile;
    private volatile String holder;
    private ScheduledExecutorService renewals;

    LakeGuard(
            ThisNode node,
            NodeStore nodes,
            LakeLock lock,
            Lake lake,
            RunSettings runs,
            NodeSettings settings,
            InstantSource clock,
            @ConfigProperty(name = "sluice.lake.file") String lakeFile) {
        this.node = node;
        this.nodes = nodes;
        this.lock = lock;
        this.lake = lake;
        this.runs = runs;
        this.settings = settings;
        this.clock = clock;
        this.lakeFile = Path.of(lakeFile).toAbsolutePath().normalize().toString();
    }

    void onStart(@Observes @Priority(11) StartupEvent event) {
        if (!runs.execute()) {
            LOG.info("this node executes no runs: it leaves the lake lock alone");
            return;
        }
        if (!node.lakeRuns()) {
            LOG.info("this node runs without the lake: it leaves the lake lock alone");
            return;
        }
        if (lake.shared()) {
            join();
            return;
        }
        take();
        renewals = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sluice-lake-lock");
            t.setDaemon(true);
            return t;
        });
        long every = settings.heartbeat().toMillis();
        renewals.scheduleWithFixedDelay(this::renew, every, every, TimeUnit.MILLISECONDS);
    }

    /** Takes the lake lock for this node and its lake, or refuses the start. */
    void take() {
        String me = node.nodeId();
        Node self =
                nodes.find(me).orElseThrow(() -> new IllegalStateException("node " + me + " is not registered yet"));
        String lakeId = lake.identity();
        Instant now = clock.instant();
        if (lock.take(self, lakeId, now, now.plus(settings.lease()))) {
            holder = me;
            LOG.infof("node %s writes this cluster's lake %s (%s)", self.name(), lakeId, lakeFile);
            return;
        }
        LakeLock.Holder held = lock.holder();
        Optional<Node> other = held.nodeId().flatMap(nodes::find);
        throw new StartRefused(LakeRefusal.line(other, held.lakeId().orElse(lakeId), lakeId, lakeFile));
    }

    /**
     * Joins a shared lake (every node writes it; nobody holds it alone), or refuses the start when the cluster writes
     * another lake.
     */
    void join() {
        String me = node.nodeId();
        Node self =
                nodes.find(me).orElseThrow(() -> new IllegalStateException("node " + me + " is not registered yet"));
        String lakeId = lake.identity();
        if (lock.join(self, lakeId)) {
            LOG.infof(
                    "node %s writes this cluster's lake %s (%s) beside the other nodes",
                    self.name(), lakeId, lake.where());
            return;
        }
        LakeLock.Holder held = lock.holder();
        Optional<Node> other = held.nodeId().flatMap(nodes::find);
        throw new StartRefused(LakeRefusal.sharedLine(other, held.lakeId().orElse(lakeId), lakeId, lake.where()));
    }

    private void renew() {
        String me = holder;
        if (me == null) {
            return;
        }
        try {
            if (!lock.renew(me, clock.instant().plus(settings.lease()))) {
                LOG.errorf("node %s no longer holds the lake lock: another node may write the lake", me);
            }
        } catch (RuntimeException e) {
            LOG.warnf("cannot renew the lake lock: %s", e.toString());
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        release();
    }

    /** Stops renewing the lake lock and lets go of it (a node that drained to stop; at shutdown otherwise). */
    void release() {
        if (renewals != null) {
            renewals.shutdownNow();
        }
        String me = holder;
        holder = null;
        if (me != null) {
            try {
                lock.release(me);
            } catch (RuntimeException e) {
                LOG.warnf("cannot release the lake lock (its lease runs out): %s", e.toString());
            }
        }
    }
}
