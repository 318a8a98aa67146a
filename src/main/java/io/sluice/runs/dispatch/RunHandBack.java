package io.sluice.runs.dispatch;

import io.sluice.lake.Lake;
import io.sluice.runs.execute.RunPhase;
import io.sluice.runs.execute.RunWorker;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * How a draining node gives its runs back to the queue: a run claimed but not begun goes back at once; a running one is
 * stopped (its lake work interrupted, as a cancel does) and its worker hands it back instead of ending it; a worker that
 * does not store that in time is overtaken, and its later writes are fenced out.
 */
@ApplicationScoped
public class RunHandBack {

    private static final Logger LOG = Logger.getLogger(RunHandBack.class);

    private final RunExecutor executor;
    private final RunWorker worker;
    private final Lake lake;

    RunHandBack(RunExecutor executor, RunWorker worker, Lake lake) {
        this.executor = executor;
        this.worker = worker;
        this.lake = lake;
    }

    /**
     * Every run in flight here and where it is: a run the dispatcher picked whose group has not claimed it yet counts as
     * LEAVING (it is waited for: its claim may still take it, or leave it out).
     */
    public Map<String, RunPhase> inFlight() {
        Map<String, RunPhase> phases = worker.phases();
        Map<String, RunPhase> all = new HashMap<>();
        for (String id : executor.inFlightIds()) {
            all.put(id, phases.getOrDefault(id, RunPhase.LEAVING));
        }
        return all;
    }

    /** Hands the runs back: those not begun at once, running ones once their step stops. */
    public Set<String> handBack(Collection<String> runIds, String why) {
        Set<String> handed = worker.handBack(runIds, why);
        for (String id : runIds) {
            if (!handed.contains(id)) {
                int open = lake.interrupt(id);
                LOG.debugf(
                        "run %s: handed back on drain; its lake work is interrupted (%d statement(s) open)", id, open);
            }
        }
        if (!handed.isEmpty()) {
            LOG.infof("%d run(s) not begun were handed back to the queue: %s", handed.size(), handed);
        }
        return handed;
    }

    /** Hands back, here, every run whose worker has not stored its end or hand back yet. */
    public Set<String> overtake(String why) {
        Set<String> handed = worker.overtake(why);
        if (!handed.isEmpty()) {
            LOG.warnf("%d run(s) did not stop in time; this node handed them back itself: %s", handed.size(), handed);
        }
        return handed;
    }
}
