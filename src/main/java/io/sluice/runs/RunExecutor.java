package io.sluice.runs;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * The bounded worker pool that executes runs in this process. A run is claimed in the metadata store
 * before it executes, so a run submitted twice executes once. At startup, runs left STARTED by a
 * process that died are marked FAILURE and QUEUED runs are submitted again.
 */
@ApplicationScoped
public class RunExecutor {

    private static final Logger LOG = Logger.getLogger(RunExecutor.class);

    private final RunWorker worker;
    private final RunStore store;
    private final AuditLog audit;
    private final InstantSource clock;
    private final ExecutorService pool;

    RunExecutor(RunWorker worker, RunStore store, AuditLog audit, InstantSource clock, RunSettings settings) {
        this.worker = worker;
        this.store = store;
        this.audit = audit;
        this.clock = clock;
        AtomicInteger threads = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(settings.workers(), settings.workers(), 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "sluice-run-" + threads.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
    }

    void onStart(@Observes StartupEvent event) {
        Instant now = clock.instant();
        for (String id : store.idsWithStatus(RunStatus.STARTED)) {
            Run run = store.find(id).orElseThrow();
            for (RunStep step : run.steps()) {
                if (!step.status().isTerminal()) {
                    store.updateStep(id, new RunStep(step.index(), step.asset(),
                            step.status() == RunStatus.STARTED ? RunStatus.FAILURE : RunStatus.SKIPPED,
                            step.startedAt(), now, step.keyCount(), step.batchCount(), step.rowsWritten(), null));
                }
            }
            store.finish(id, RunStatus.FAILURE, now, run.steps().stream().mapToLong(RunStep::keyCount).sum(),
                    run.steps().stream().mapToLong(RunStep::batchCount).sum(), run.steps().stream().mapToLong(RunStep::rowsWritten).sum(),
                    "Sluice stopped while this run was in progress; launch it again");
            audit.record(AuditEvent.of(now, "sluice", AuditAction.RUN_RECOVERED, id, null, "process restart",
                    Map.of("status", RunStatus.FAILURE.name())));
            LOG.warnf("run %s was in progress when Sluice stopped: marked FAILURE", id);
        }
        List<String> queued = store.idsWithStatus(RunStatus.QUEUED);
        queued.forEach(this::submit);
        if (!queued.isEmpty()) {
            LOG.infof("resubmitted %d queued run(s)", queued.size());
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        pool.shutdownNow();
    }

    public void submit(String runId) {
        pool.execute(() -> {
            try {
                worker.execute(runId);
            } catch (RuntimeException e) {
                LOG.errorf(e, "run %s could not be executed", runId);
            }
        });
    }
}
