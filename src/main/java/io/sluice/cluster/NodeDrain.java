package io.sluice.cluster;

import io.quarkus.runtime.ShutdownEvent;
import io.sluice.automation.quartz.AutomationPause;
import io.sluice.runs.RunSettings;
import io.sluice.runs.dispatch.RunExecutor;
import io.sluice.runs.dispatch.RunHandBack;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import org.jboss.logging.Logger;

/**
 * Drains this node: at SIGTERM (before the run executor, the cancel watch and Quartz stop), or when an administrator
 * asks for it. The node turns DRAINING, claims nothing more, and Quartz stands by so other nodes fire the schedules and
 * sensors; its lease is still renewed. Runs claimed but not begun go back to the queue at once; running runs may end
 * as usual within {@code sluice.cluster.drain-grace}, then they are stopped and handed back (QUEUED under the same id,
 * their succeeded steps kept, no attempt counted), and a worker that has not stored that within
 * {@code sluice.cluster.drain-stop} is overtaken. At SIGTERM the node then lets go of the lake lock and stops
 * (STOPPED, "stopped (SIGTERM)"); a drain asked through the API leaves it DRAINING until it is resumed.
 */
@ApplicationScoped
public class NodeDrain {

    private static final Logger LOG = Logger.getLogger(NodeDrain.class);
    static final String STOPPED_REASON = "stopped (SIGTERM)";
    private static final long LOOK_MS = 100;

    private final ThisNode self;
    private final NodeStore nodes;
    private final NodeSettings settings;
    private final RunSettings runs;
    private final RunExecutor executor;
    private final RunHandBack handBack;
    private final AutomationPause automation;
    private final LakeGuard lake;
    private final InstantSource clock;
    private final Object lock = new Object();
    /** This node's state as it acts on it: RUNNING, DRAINING, or STOPPED once it drained to stop. */
    private volatile NodeState state = NodeState.RUNNING;
    /** True once the node drains to stop (SIGTERM): it never resumes. */
    private volatile boolean stopping;
    /** Bumped by every drain and resume: a drain thread whose turn is over gives up. */
    private volatile long turn;

    NodeDrain(
            ThisNode self,
            NodeStore nodes,
            NodeSettings settings,
            RunSettings runs,
            RunExecutor executor,
            RunHandBack handBack,
            AutomationPause automation,
            LakeGuard lake,
            InstantSource clock) {
        this.self = self;
        this.nodes = nodes;
        this.settings = settings;
        this.runs = runs;
        this.executor = executor;
        this.handBack = handBack;
        this.automation = automation;
        this.lake = lake;
        this.clock = clock;
    }

    /** SIGTERM: drains, lets go of the lake lock and stops, then Quarkus goes on stopping. */
    void onStop(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) ShutdownEvent event) {
        LOG.infof(
                "node %s stops: draining first (grace %d s)",
                self.nodeId(), settings.drainGrace().toSeconds());
        stopping = true;
        long mine = begin();
        try {
            if (runs.execute()) {
                handBackAll(mine, "stopped (SIGTERM)");
            }
        } catch (RuntimeException e) {
            LOG.errorf(e, "the drain failed: runs left STARTED are taken over by the other nodes or at the next start");
        }
        try {
            lake.release();
        } catch (RuntimeException e) {
            LOG.warnf("cannot release the lake lock (its lease runs out): %s", e.toString());
        }
        // STOPPED here first: from now on the heartbeat renews nothing, and a renewal that finds the row STOPPED is
        // this stop, not another node declaring this one lost
        state = NodeState.STOPPED;
        try {
            nodes.stop(self.nodeId(), clock.instant(), STOPPED_REASON);
        } catch (RuntimeException e) {
            LOG.warnf("node %s could not be marked STOPPED (its lease runs out): %s", self.nodeId(), e.toString());
        }
        LOG.infof("node %s drained and stopped", self.nodeId());
    }

    /**
     * A drain asked through the API (or seen by the heartbeat: the node's row turned DRAINING): the same steps in a
     * thread of their own, without the stop. Nothing happens if the node drains already.
     */
    public void drainInBackground() {
        if (state != NodeState.RUNNING) {
            return;
        }
        long mine = begin();
        if (!runs.execute()) {
            return;
        }
        Thread t = new Thread(
                () -> {
                    try {
                        handBackAll(mine, "drained");
                        LOG.infof("node %s drained: it claims nothing until it is resumed", self.nodeId());
                    } catch (RuntimeException e) {
                        LOG.errorf(e, "the drain of node %s failed", self.nodeId());
                    }
                },
                "sluice-drain");
        t.setDaemon(true);
        t.start();
    }

    /** Back to work after a drain: RUNNING, claiming, Quartz and triggers on. Nothing happens unless it drains. */
    public void resume() {
        synchronized (lock) {
            if (state != NodeState.DRAINING || stopping) {
                return;
            }
            turn++;
            state = NodeState.RUNNING;
        }
        nodes.transition(self.nodeId(), NodeState.DRAINING, NodeState.RUNNING);
        automation.resume();
        executor.resumeClaiming();
        LOG.infof("node %s resumed: it claims runs again", self.nodeId());
    }

    /** Whether this node stops (SIGTERM): it never registers again, whatever its lease does from then on. */
    public boolean stopping() {
        return stopping;
    }

    /** This node's state as it acts on it. */
    public NodeState state() {
        return state;
    }

    /** Turns DRAINING (stored and here), claims nothing more, and takes this node out of automation. */
    private long begin() {
        long mine;
        synchronized (lock) {
            mine = ++turn;
            state = NodeState.DRAINING;
        }
        try {
            nodes.transition(self.nodeId(), NodeState.RUNNING, NodeState.DRAINING);
        } catch (RuntimeException e) {
            LOG.warnf("node %s could not store DRAINING (%s); it drains all the same", self.nodeId(), e.toString());
        }
        executor.stopClaiming();
        automation.standby();
        return mine;
    }

    /** Hands back what does not end in time, by {@link DrainPlan}; overtakes workers that do not stop in time. */
    private void handBackAll(long mine, String why) {
        Instant started = clock.instant();
        Duration grace = settings.drainGrace();
        Instant overtakeAt = started.plus(grace).plus(settings.drainStop());
        while (turn == mine) {
            Instant now = clock.instant();
            DrainPlan.Step step = DrainPlan.next(now, started, grace, handBack.inFlight());
            if (step instanceof DrainPlan.Done) {
                return;
            }
            if (!now.isBefore(overtakeAt)) {
                handBack.overtake(why);
                return;
            }
            if (step instanceof DrainPlan.HandBack h) {
                handBack.handBack(h.runs(), why);
            }
            try {
                Thread.sleep(LOOK_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                handBack.overtake(why);
                return;
            }
        }
    }
}
