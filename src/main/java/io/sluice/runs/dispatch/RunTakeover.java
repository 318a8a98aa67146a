package io.sluice.runs.dispatch;

import io.sluice.runs.LeasedRun;
import io.sluice.runs.RunFinished;
import io.sluice.runs.RunQueue;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Takes over the STARTED runs of nodes that ended (declared LOST, or STOPPED with runs left): each run is reconciled
 * with the lake's write log and ended as start-up recovery ends it, but fenced on its dead owner and epoch (so a run
 * that its owner, or another watcher, ended first is left as it is), with the reason naming the node and its silence,
 * audited {@code RUN_TAKEN_OVER}; its partitions are released and a retry is queued through the {@link RetryPolicy}.
 */
@ApplicationScoped
public class RunTakeover {

    /** Runs taken over per batch. */
    static final int BATCH = 100;

    private final RunQueue store;
    private final RunRecovery recovery;

    RunTakeover(RunQueue store, RunRecovery recovery) {
        this.store = store;
        this.recovery = recovery;
    }

    /**
     * Takes over the STARTED runs of the given ended owners ({@code why}: owner id to the reason written into each run's
     * error); returns the runs whose end it stored (the launchers of their groups must hear of them).
     */
    public List<RunFinished> takeOver(Map<String, String> why) {
        if (why.isEmpty()) {
            return List.of();
        }
        List<LeasedRun> started = store.startedOf(why.keySet());
        List<RunFinished> ended = new ArrayList<>();
        for (int from = 0; from < started.size(); from += BATCH) {
            for (LeasedRun run : started.subList(from, Math.min(started.size(), from + BATCH))) {
                recovery.takeOver(run, why.get(run.owner())).ifPresent(ended::add);
            }
        }
        return ended;
    }
}
