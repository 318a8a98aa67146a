package io.sluice.runs.dispatch;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.lake.Lake;
import io.sluice.periodic.Periodic;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Stops the lake work of the runs this process executes once a cancel of them is asked for, by whichever process asked
 * (the flag is in the metadata store): while runs are in flight, one query reads every {@value #POLL_MS} ms which of them
 * have a cancel requested, and the lake interrupts their running statements and refuses their later work. It does so
 * again at every read until the run ends (a statement that starts just as an interrupt comes is not stopped by it). A
 * cancel asked through this process wakes it at once.
 */
@ApplicationScoped
public class CancelWatch {

    private static final Logger LOG = Logger.getLogger(CancelWatch.class);
    static final long POLL_MS = 500;

    private final RunExecutor executor;
    private final RunQueue store;
    private final Lake lake;
    private final boolean execute;
    /** Runs whose interrupt was logged (kept to the runs in flight). */
    private final Set<String> logged = new HashSet<>();

    private volatile Periodic watcher;

    CancelWatch(RunExecutor executor, RunQueue store, Lake lake, RunSettings settings) {
        this.executor = executor;
        this.store = store;
        this.lake = lake;
        this.execute = settings.execute();
    }

    void onStart(@Observes StartupEvent event) {
        if (!execute) {
            return;
        }
        watcher = Periodic.start(
                "sluice-cancel-watch",
                () -> Duration.ofMillis(POLL_MS),
                this::interruptCanceled,
                e -> LOG.warn("reading the cancels of the runs in flight failed; trying again", e));
    }

    void onStop(@Observes ShutdownEvent event) {
        Periodic w = watcher;
        watcher = null;
        if (w != null) {
            w.stop();
        }
    }

    /** A cancel was asked for through this process: read the flags now instead of at the next poll. */
    public void wake() {
        Periodic w = watcher;
        if (w != null) {
            w.wake();
        }
    }

    /**
     * Interrupts the lake work of the runs in flight here whose cancel is requested, and of those lost to this node (its
     * fence, or a takeover): what they still do in the lake is rolled back rather than left to finish for nothing.
     */
    void interruptCanceled() {
        Set<String> inFlight = executor.inFlightIds();
        logged.retainAll(inFlight);
        if (inFlight.isEmpty()) {
            return;
        }
        for (String id : executor.lostInFlight()) {
            int open = lake.interrupt(id);
            if (open > 0 && logged.add(id)) {
                LOG.warnf("run %s: lost to this node; its lake work is interrupted (%d statement(s) open)", id, open);
            }
        }
        for (String id : store.cancelRequested(inFlight)) {
            int open = lake.interrupt(id);
            if (open > 0 && logged.add(id)) {
                LOG.infof("run %s: cancel requested; its lake work is interrupted (%d statement(s) open)", id, open);
            }
        }
    }
}
