package io.sluice.runs.dispatch;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.QueuedRun;
import io.sluice.runs.RunFinished;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunLimits;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunSettings;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunsEnded;
import io.sluice.runs.Scope;
import io.sluice.runs.execute.RunWorker;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * The bounded worker pool that executes runs in this process, fed by a dispatcher that takes QUEUED runs
 * from the metadata store in order, within the limits: free workers, each pool's limit, each run group's
 * limit ({@link Admission}), and the runs of groups not admitted (paused) are skipped. A run is claimed in the store before it executes, so a run
 * dispatched twice executes once. At startup, {@link RunRecovery} first settles what a process that died left
 * (runs left STARTED, queued runs nothing would claim) and the launchers of groups hear of the runs it ended.
 */
@ApplicationScoped
public class RunExecutor {

    private static final Logger LOG = Logger.getLogger(RunExecutor.class);
    private static final long IDLE_POLL_MS = 500;

    private final RunWorker worker;
    private final RunQueue store;
    private final RunHistory history;
    private final RunRecovery recovery;
    private final InstantSource clock;
    private final ExecutorService pool;
    private final int workers;
    private final boolean execute;
    private final RunLimits limits;
    /** The pools' limits as stored, read again every round. */
    private volatile Map<String, Integer> poolLimits = Map.of();

    private final Admission admission;
    private final AssetCatalog catalog;
    private final Event<RunsEnded> finished;
    private final GroupSizer sizer;
    private final DispatchPlan plan;
    private final int maxGroup;
    /** Groups executing now (at most one per worker thread). */
    private final AtomicInteger busy = new AtomicInteger();

    private final Map<String, QueuedRun> inFlight = new ConcurrentHashMap<>();
    /** Queued runs fetched ahead, in order; refilled when it runs low, so the queue is not re-read on every run end. */
    private final ArrayDeque<QueuedRun> ahead = new ArrayDeque<>();

    private static final int FETCH_AHEAD = 1000;
    private final Object signal = new Object();
    private volatile boolean wakeUp;
    private volatile Thread dispatcher;
    /** When the dispatcher's loop last went round ({@link System#nanoTime()}), for the liveness check. */
    private volatile long lastRound = System.nanoTime();

    RunExecutor(
            RunWorker worker,
            RunQueue store,
            RunHistory history,
            RunRecovery recovery,
            InstantSource clock,
            RunSettings settings,
            RunLimits limits,
            Admission admission,
            AssetCatalog catalog,
            Event<RunsEnded> finished) {
        this.worker = worker;
        this.store = store;
        this.history = history;
        this.recovery = recovery;
        this.clock = clock;
        this.limits = limits;
        this.admission = admission;
        this.catalog = catalog;
        this.finished = finished;
        this.workers = settings.workers();
        this.execute = settings.execute();
        this.maxGroup = settings.groupMaxRuns();
        this.sizer = new GroupSizer(settings.groupMaxRuns(), settings.groupTargetMillis());
        this.plan = new DispatchPlan(
                new DispatchPlan.Limits() {
                    @Override
                    public int group(String group) {
                        return admission.limit(group);
                    }

                    @Override
                    public int pool(String name) {
                        return poolLimits.getOrDefault(name, Integer.MAX_VALUE);
                    }
                },
                this::pools,
                run -> sizer.size(kind(run)));
        AtomicInteger threads = new AtomicInteger();
        this.pool =
                new ThreadPoolExecutor(workers, workers, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "sluice-run-" + threads.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
    }

    void onStart(@Observes StartupEvent event) {
        List<RunFinished> recovered = recovery.recover();
        if (!recovered.isEmpty()) {
            finished.fire(new RunsEnded(recovered));
        }
        if (!execute) {
            LOG.info("sluice.runs.execute=false: this process queues runs but does not execute them");
            return;
        }
        Thread t = new Thread(this::dispatchLoop, "sluice-dispatcher");
        t.setDaemon(true);
        dispatcher = t;
        t.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        Thread t = dispatcher;
        dispatcher = null;
        if (t != null) {
            t.interrupt();
        }
        pool.shutdownNow();
    }

    /** A run was queued: dispatch without waiting for the next poll, reading the queue again (single runs go first). */
    public void submit(String runId) {
        refresh();
    }

    public void wake() {
        synchronized (signal) {
            wakeUp = true;
            signal.notifyAll();
        }
    }

    private void dispatchLoop() {
        try {
            loop();
        } finally {
            if (dispatcher == Thread.currentThread()) {
                LOG.error(
                        "the run dispatcher stopped: queued runs will not start until Sluice is restarted (/q/health/live reports DOWN)");
            }
        }
    }

    private void loop() {
        while (dispatcher == Thread.currentThread()) {
            lastRound = System.nanoTime();
            try {
                runOnce();
                synchronized (signal) {
                    if (!wakeUp) {
                        signal.wait(IDLE_POLL_MS);
                    }
                    wakeUp = false;
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                LOG.error("dispatching runs failed; retrying", e);
                sleepQuietly();
            }
        }
    }

    /**
     * One round of the dispatcher, which its loop calls and tests call directly: refills the runs fetched ahead when
     * they run low and starts the groups {@link DispatchPlan} picks for the free workers. Returns how many groups it
     * started.
     */
    int runOnce() {
        int free = workers - busy.get();
        if (free <= 0) {
            return 0;
        }
        poolLimits = limits.all(Scope.POOL);
        synchronized (ahead) {
            if (ahead.size() < workers * maxGroup) {
                store.promoteWaiting();
                ahead.clear();
                ahead.addAll(store.nextQueued(Math.max(FETCH_AHEAD, 4 * workers * maxGroup)));
            }
            DispatchPlan.Decision decision = plan.decide(ahead, inFlight.values(), free);
            for (int i = 0; i < decision.examined(); i++) {
                ahead.poll();
            }
            for (int i = decision.held().size() - 1; i >= 0; i--) {
                ahead.addFirst(decision.held().get(i));
            }
            for (List<QueuedRun> group : decision.start()) {
                group.forEach(r -> inFlight.put(r.id(), r));
                busy.incrementAndGet();
                pool.execute(() -> execute(group));
            }
            return decision.start().size();
        }
    }

    private static String kind(QueuedRun run) {
        return run.assets().toString();
    }

    /** Drops the runs fetched ahead (a group was paused or canceled): the next dispatch reads the queue again. */
    public void refresh() {
        synchronized (ahead) {
            ahead.clear();
        }
        wake();
    }

    private void execute(List<QueuedRun> group) {
        List<RunRecords.RunEnd> ended = List.of();
        try {
            ended = worker.execute(
                    group.stream().map(QueuedRun::id).toList(),
                    (run, millis) -> sizer.observe(run.assets().toString(), millis));
        } catch (RuntimeException e) {
            LOG.errorf(
                    e,
                    "runs %s could not be executed",
                    group.stream().map(QueuedRun::id).toList());
            ended = failStarted(group, e);
        } finally {
            group.forEach(r -> inFlight.remove(r.id()));
            busy.decrementAndGet();
            wake();
        }
        if (!ended.isEmpty()) {
            Map<String, QueuedRun> byId = new HashMap<>();
            group.forEach(r -> byId.put(r.id(), r));
            finished.fire(new RunsEnded(ended.stream()
                    .map(e -> {
                        QueuedRun run = byId.get(e.runId());
                        return run == null
                                ? new RunFinished(e.runId(), null, e.status())
                                : new RunFinished(e.runId(), run.group(), e.status(), run.assets());
                    })
                    .toList()));
        }
    }

    /**
     * Runs of a group that failed outside any asset's compute (the metadata store refused a write, say) would stay
     * STARTED and keep their partitions until a restart: they end FAILURE now, with the reason.
     */
    private List<RunRecords.RunEnd> failStarted(List<QueuedRun> group, RuntimeException cause) {
        List<RunRecords.RunEnd> failed = new ArrayList<>();
        Instant now = clock.instant();
        for (QueuedRun queued : group) {
            try {
                String error = "Sluice could not execute or record this run: " + cause;
                history.find(queued.id())
                        .filter(r -> r.status() == RunStatus.STARTED)
                        .ifPresent(run -> {
                            recovery.markFailed(run, now, error, "execution error");
                            failed.add(new RunRecords.RunEnd(run.id(), RunStatus.FAILURE, now, 0, 0, 0, error));
                        });
            } catch (RuntimeException e) {
                LOG.errorf(e, "run %s stays STARTED until the next start: it could not be marked FAILURE", queued.id());
            }
        }
        return failed;
    }

    private Set<String> pools(QueuedRun run) {
        Set<String> pools = new HashSet<>();
        for (AssetKey asset : run.assets()) {
            catalog.find(asset).flatMap(a -> a.spec().pool()).ifPresent(pools::add);
        }
        return pools;
    }

    /** For the liveness check: whether this process executes runs, whether its dispatcher is alive and when it last went round. */
    public DispatcherBeat dispatcherBeat() {
        Thread t = dispatcher;
        return new DispatcherBeat(execute, t != null && t.isAlive(), Duration.ofNanos(System.nanoTime() - lastRound));
    }

    /** Runs claimed or executing in this process now. */
    public int running() {
        return inFlight.size();
    }

    /** The ids of the runs claimed or executing in this process now. */
    Set<String> inFlightIds() {
        return Set.copyOf(inFlight.keySet());
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(IDLE_POLL_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
