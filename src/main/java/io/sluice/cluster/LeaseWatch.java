package io.sluice.cluster;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.identity.Caller;
import io.sluice.periodic.Periodic;
import io.sluice.runs.RunFinished;
import io.sluice.runs.RunSettings;
import io.sluice.runs.RunsEnded;
import io.sluice.runs.dispatch.RunTakeover;
import io.sluice.store.ActiveStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * On PostgreSQL, every check interval: declares LOST the nodes whose lease ran out (each once, whichever watcher gets
 * there first: {@code FOR UPDATE SKIP LOCKED} and a conditional update), audited {@code NODE_LOST}, then takes over the
 * STARTED runs of every node that ended ({@link RunTakeover}). Only a node that executes runs watches: a takeover
 * reads the lake's write log. On H2 one process is the whole cluster and start-up recovery is the takeover.
 */
@ApplicationScoped
public class LeaseWatch {

    private static final Logger LOG = Logger.getLogger(LeaseWatch.class);

    private final NodeStore nodes;
    private final ThisNode self;
    private final NodeSettings settings;
    private final RunTakeover takeover;
    private final AuditLog audit;
    private final InstantSource clock;
    private final Event<RunsEnded> finished;
    private final ActiveStore store;
    private final RunSettings runs;
    private volatile Periodic watch;

    LeaseWatch(
            NodeStore nodes,
            ThisNode self,
            NodeSettings settings,
            RunTakeover takeover,
            AuditLog audit,
            InstantSource clock,
            Event<RunsEnded> finished,
            ActiveStore store,
            RunSettings runs) {
        this.nodes = nodes;
        this.self = self;
        this.settings = settings;
        this.takeover = takeover;
        this.audit = audit;
        this.clock = clock;
        this.finished = finished;
        this.store = store;
        this.runs = runs;
    }

    void onStart(@Observes StartupEvent event) {
        if (!runs.execute() || !"postgresql".equals(store.backend())) {
            return;
        }
        watch = Periodic.startAfterInterval(
                "sluice-lease-watch",
                settings::checkInterval,
                this::round,
                e -> LOG.error("looking for lost nodes failed; trying again at the next check", e));
    }

    void onStop(@Observes ShutdownEvent event) {
        Periodic w = watch;
        watch = null;
        if (w != null) {
            w.stop();
        }
    }

    /** One check: declares the expired nodes lost and takes over the runs of every ended node. Returns the runs ended. */
    public List<RunFinished> round() {
        Instant now = clock.instant();
        String me = self.nodeId();
        for (Node lost :
                nodes.declareLost(me, now, node -> Silence.describe(node, now, settings.lease(), self.name()))) {
            LOG.warnf("%s", Silence.describe(lost, now, settings.lease(), self.name()));
            audit.record(AuditEvent.of(
                    now,
                    Caller.system().name(),
                    AuditAction.NODE_LOST,
                    null,
                    null,
                    Silence.describe(lost, now, settings.lease(), self.name()),
                    Map.of(
                            "node", lost.id(),
                            "name", lost.name(),
                            "host", lost.host(),
                            "pid", lost.pid(),
                            "silentSeconds", Silence.seconds(lost.heartbeatAt(), now))));
        }
        Map<String, String> why = new LinkedHashMap<>();
        for (Node ended : nodes.endedWithStartedRuns()) {
            why.put(ended.id(), Silence.describe(ended, now, settings.lease(), self.name()));
        }
        List<RunFinished> ended = takeover.takeOver(why);
        if (!ended.isEmpty()) {
            LOG.warnf("took over %d run(s) of %d ended node(s)", ended.size(), why.size());
            finished.fire(new RunsEnded(ended));
        }
        return ended;
    }
}
