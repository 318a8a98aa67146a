package io.sluice.runs.dispatch;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.Fence;
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
import io.sluice.runs.execute.GroupFailed;
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
 * from the metadata store in order, within the limits: free workers and the stored limits of each pool and each group
 * of runs, which a claim counts in the store across every node (the runs of groups not admitted, paused ones, are not
 * read at all). A run is claimed in the store before it executes, so a run dispatched twice executes once. At startup, {@link RunRecovery} first settles what a process that died left
 * (runs left STARTED, queued runs nothing would claim) and the launchers of groups hear of the runs it ended.
 */
@ApplicationScoped
public class RunExecutor {

    private static final Logger LOG = Logger.getLogger(RunExecutor.class);
    private static final long IDLE_POLL_MS = 500;
    /**
     * How long the idle dispatcher waits for a wake-up before it reads the queue anyway: 500 ms unless the cluster's
     * listener hears the other nodes' signals ({@link #pollEvery}).
     */
    private volatile long idlePollMs = IDLE_POLL_MS;

    private final RunWorker worker;
    private final RunQueue store;
    private final RunHistory history;
    private final RunRecovery recovery;
    private final InstantSource clock;
    private final ExecutorService pool;
    private final int workers;
    private final boolean execute;
    /**
     * The cluster's limits less the runs other nodes count against them, read from the store every round: what
     * {@link DispatchPlan} checks before a claim (the claim itself counts in the store, {@code ClaimRoom}).
     */
    private volatile Map<RunLimits.Key, Integer> room = Map.of();

    private final AssetCatalog catalog;
    private final Event<RunsEnded> finished;
    private final GroupSizer sizer;
    private final DispatchPlan plan;
    private final int maxGroup;
    /** Groups executing now (at most one per worker thread). */
    private final AtomicInteger busy = new AtomicInteger();
    /** Whether the node's lease allows claiming (the heartbeat sets it; always, where there is no lease). */
    private volatile java.util.function.BooleanSupplier leaseAllows = () -> true;
    /** What {@link #leaseAllows} said last, for one log line per change. */
    private volatile boolean leaseHeld = true;

    private final Map<String, QueuedRun> inFlight = new ConcurrentHashMap<>();
    /** Queued runs fetched ahead, in order; refilled when it runs low, so the queue is not re-read on every run end. */
    private final ArrayDeque<QueuedRun> ahead = new ArrayDeque<>();

    private static final int FETCH_AHEAD = 1000;
    private final Object signal = new Object();
    private volatile boolean wakeUp;
    /** False while this node drains: it claims nothing more (no claims, no refills of the runs fetched ahead). */
    private volatile boolean claiming = true;

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
            AssetCatalog catalog,
            Event<RunsEnded> finished) {
        this.worker = worker;
        this.store = store;
        this.history = history;
        this.recovery = recovery;
        this.clock = clock;
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
                        return room.getOrDefault(new RunLimits.Key(Scope.GROUP, group), Integer.MAX_VALUE);
                    }

                    @Override
                    public int pool(String name) {
                        return room.getOrDefault(new RunLimits.Key(Scope.POOL, name), Integer.MAX_VALUE);
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

    /**
     * Only a node that executes runs settles what its earlier starts left (another node's runs are never touched at
     * start-up): a node with {@code execute=false} leaves them to the nodes that execute.
     */
    void onStart(@Observes StartupEvent event) {
        if (!execute) {
            LOG.info("sluice.runs.execute=false: this process queues runs but does not execute them");
            return;
        }
        List<RunFinished> recovered = recovery.recover();
        if (!recovered.isEmpty()) {
            finished.fire(new RunsEnded(recovered));
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
                        signal.wait(idlePollMs);
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
        if (!claiming) {
            return 0;
        }
        if (!leaseAllows.getAsBoolean()) {
            if (!leaseHeld) {
                return 0;
            }
            leaseHeld = false;
            LOG.warn("this node's lease is at risk (its renewals fail): it claims no more runs until one succeeds");
            return 0;
        }
        if (!leaseHeld) {
            leaseHeld = true;
            LOG.info("this node's lease is renewed again: it claims runs again");
        }
        int free = workers - busy.get();
        if (free <= 0) {
            return 0;
        }
        room = room(store.usage());
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

    /**
     * Per limited scope, the most runs this node may have in flight: the limit less the runs counted in the store that
     * are not this node's (never below 0). Runs in flight here and not claimed yet make it a little generous; the claim
     * decides.
     */
    private Map<RunLimits.Key, Integer> room(RunLimits.Usage usage) {
        if (usage.limits().isEmpty()) {
            return Map.of();
        }
        Map<RunLimits.Key, Integer> mine = new HashMap<>();
        for (QueuedRun run : inFlight.values()) {
            for (RunLimits.Key key : scopes(run)) {
                mine.merge(key, 1, Integer::sum);
            }
        }
        Map<RunLimits.Key, Integer> room = new HashMap<>();
        usage.limits().forEach((key, max) -> {
            int others = Math.max(0, usage.running(key) - mine.getOrDefault(key, 0));
            room.put(key, Math.max(0, max - others));
        });
        return room;
    }

    private Set<RunLimits.Key> scopes(QueuedRun run) {
        Set<RunLimits.Key> scopes = new HashSet<>();
        if (run.group() != null) {
            scopes.add(new RunLimits.Key(Scope.GROUP, run.group()));
        }
        pools(run).forEach(p -> scopes.add(new RunLimits.Key(Scope.POOL, p)));
        return scopes;
    }

    private static String kind(QueuedRun run) {
        return run.assets().toString();
    }

    /**
     * Sets how long the idle dispatcher waits before it reads the queue again without a wake-up: long while another
     * node's queued runs and freed slots wake it ({@code sluice.cluster.poll-fallback}), back to 500 ms while they
     * cannot. Takes effect from the next wait.
     */
    public void pollEvery(Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("the dispatcher's poll interval must be positive, not " + interval);
        }
        idlePollMs = interval.toMillis();
        wake();
    }

    /** How long the idle dispatcher waits now before it reads the queue anyway. */
    public Duration pollInterval() {
        return Duration.ofMillis(idlePollMs);
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
        } catch (GroupFailed e) {
            LOG.errorf(
                    e.failure(),
                    "runs %s could not be executed",
                    group.stream().map(QueuedRun::id).toList());
            ended = failStarted(group, e.fence(), e.failure());
        } catch (RuntimeException e) {
            LOG.errorf(
                    e,
                    "runs %s could not be claimed; those claimed stay STARTED until a takeover or this node's next start",
                    group.stream().map(QueuedRun::id).toList());
        } finally {
            group.forEach(r -> inFlight.remove(r.id()));
            busy.decrementAndGet();
            if (ended.size() < group.size()) {
                // runs a claim left out (a limit was full on another node, say) were dropped from the runs ahead:
                // read the queue again so they keep their place
                refresh();
            } else {
                wake();
            }
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
     * STARTED and keep their partitions until a restart: they end FAILURE now, with the reason, fenced on the group's
     * claim (a run this node no longer owns is left to its new owner).
     */
    private List<RunRecords.RunEnd> failStarted(List<QueuedRun> group, Fence fence, RuntimeException cause) {
        List<RunRecords.RunEnd> failed = new ArrayList<>();
        Instant now = clock.instant();
        for (QueuedRun queued : group) {
            if (!fence.covers(queued.id())) {
                continue;
            }
            try {
                String error = "Sluice could not execute or record this run: " + cause;
                history.find(queued.id())
                        .filter(r -> r.status() == RunStatus.STARTED)
                        .ifPresent(run -> {
                            Fence one = Fence.of(fence.node(), run.id(), fence.epoch(run.id()));
                            if (recovery.markFailed(run, one, now, error, "execution error")) {
                                failed.add(new RunRecords.RunEnd(run.id(), RunStatus.FAILURE, now, 0, 0, 0, error));
                            }
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

    /**
     * This node fenced itself (its lease ran out, or another node declared it lost): the runs in flight are lost to it;
     * they stop as if canceled and the fence drops whatever they still write. Their new owners end them.
     */
    public void fenced() {
        worker.lost(inFlightIds());
    }

    /** The runs in flight here that are lost to this node (its fence, a takeover or a hand back): they are stopping. */
    public Set<String> lostInFlight() {
        Set<String> lost = worker.lostIds();
        lost.retainAll(inFlightIds());
        return lost;
    }

    /**
     * Claims runs only while {@code lease} says the node's lease allows it: a node whose lease is at risk (its renewals
     * failing) claims nothing more until a renewal succeeds, since other nodes may soon take over what it claims.
     */
    public void claimWhile(java.util.function.BooleanSupplier lease) {
        this.leaseAllows = lease;
    }

    /** This node drains: it claims no more runs (the runs fetched ahead are dropped) until {@link #resumeClaiming}. */
    public void stopClaiming() {
        claiming = false;
        synchronized (ahead) {
            ahead.clear();
        }
    }

    /** This node works again after a drain: it claims runs from the next round on. */
    public void resumeClaiming() {
        claiming = true;
        refresh();
    }

    public boolean claiming() {
        return claiming;
    }

    /** Runs claimed or executing in this process now. */
    public int running() {
        return inFlight.size();
    }

    /** The ids of the runs claimed or executing in this process now. */
    public Set<String> inFlightIds() {
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
