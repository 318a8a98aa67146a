package io.sluice.automation.trigger;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.automation.TriggerPolicy;
import io.sluice.catalog.AssetKey;
import io.sluice.freshness.FreshnessChanged;
import io.sluice.freshness.FreshnessState;
import io.sluice.runs.RunsEnded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.jboss.logging.Logger;

/**
 * The trigger evaluator's thread. The end of runs of watched assets wakes it at once ({@link RunsEnded},
 * {@link io.sluice.automation.TriggerGraph#watched()}); a wake-up during an evaluation
 * only marks it dirty, and the next evaluation reads every event stored meanwhile in one batch, so a burst is one or a
 * few evaluations, not one per run. Without wake-ups it evaluates at the next {@code on_cron} tick or after
 * {@code sluice.automation.triggers.interval} (for {@code missing} windows and {@code on_late} assets) or when a retry
 * is due, whichever comes first; an {@code on_late} asset turning late ({@link FreshnessChanged}) wakes it too. It evaluates once at
 * start-up, which also picks up what ended while the process was down. {@link #evaluateNow()} is the same evaluation on
 * the caller's thread, for tests.
 */
@ApplicationScoped
public class TriggerLoop {

    private static final Logger LOG = Logger.getLogger(TriggerLoop.class);

    private final TriggerEvaluation evaluation;
    private final TriggerDeclarations declarations;
    private final TriggerSettings settings;
    private final InstantSource clock;
    private final Object signal = new Object();
    private final ReentrantLock evaluating = new ReentrantLock();
    private boolean dirty;
    private boolean busy;
    private volatile boolean running;
    /** True while this node drains: the loop evaluates nothing (another node does). */
    private volatile boolean paused;

    private final AtomicLong wakeUps = new AtomicLong();
    /** When the earliest retry the last evaluation left is due: the loop looks then. */
    private volatile Optional<Instant> nextRetry = Optional.empty();

    private Thread thread;

    public TriggerLoop(
            TriggerEvaluation evaluation,
            TriggerDeclarations declarations,
            TriggerSettings settings,
            InstantSource clock) {
        this.evaluation = evaluation;
        this.declarations = declarations;
        this.settings = settings;
        this.clock = clock;
    }

    void onStart(@Observes StartupEvent event) {
        declarations.graph(); // a declaration naming an unknown asset fails start-up here
        settings.retryPolicy(); // and so does a retry policy out of bounds
        if (!settings.enabled() || declarations.automated().isEmpty()) {
            return;
        }
        evaluation.ensureState();
        running = true;
        dirty = true; // evaluate once at start-up
        thread = new Thread(this::loop, "sluice-triggers");
        thread.setDaemon(true);
        thread.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        running = false;
        wake();
    }

    /**
     * Wakes the evaluator when one of the runs touched an asset it watches (an automated asset or an upstream of one), or
     * one whose assets are not known: a run of other assets gives it nothing to decide, so it costs automation nothing.
     */
    void onRunsEnded(@Observes RunsEnded event) {
        if (!running) {
            return;
        }
        if (event.runs().stream()
                .anyMatch(r -> r.assets().isEmpty() || declarations.graph().watchesAny(r.assets()))) {
            wakeUps.incrementAndGet();
            wake();
        }
    }

    /**
     * An {@code on_late} asset (or one of its partitions) turned WARNING or STALE: evaluate now rather than at the next
     * interval. Its state is evaluated again from the store then, so a stale event launches nothing twice.
     */
    void onFreshnessChanged(@Observes FreshnessChanged event) {
        if (running
                && event.to() != FreshnessState.FRESH
                && declarations.graph().graph().contains(event.asset())
                && declarations.graph().policy(event.asset()).orElse(null) instanceof TriggerPolicy.OnLate) {
            wake();
        }
    }

    /** This node drains: the loop evaluates nothing until {@link #resume}. */
    public void standby() {
        paused = true;
    }

    /** This node works again: the loop evaluates at once (what was stored meanwhile is read in one batch). */
    public void resume() {
        paused = false;
        wake();
    }

    /**
     * Another node ended runs of, or stored materializations of, these assets (empty: assets not named): wakes the
     * evaluator when it watches one of them, as the end of a run in this process does.
     */
    public void assetsChanged(Collection<AssetKey> assets) {
        if (running && (assets.isEmpty() || declarations.graph().watchesAny(assets))) {
            wake();
        }
    }

    /** How many ends of runs woke the evaluator in this process (tests count that runs of other assets do not). */
    public long wakeUps() {
        return wakeUps.get();
    }

    /** Asks for an evaluation as soon as the current one (if any) ends. */
    public void wake() {
        synchronized (signal) {
            dirty = true;
            signal.notifyAll();
        }
    }

    /** Evaluates now on the caller's thread (until no page of events is left), after any evaluation in progress. */
    public TriggerEvaluation.Result evaluateNow() {
        evaluating.lock();
        try {
            TriggerEvaluation.Result result;
            int events = 0;
            int launches = 0;
            java.util.List<String> runs = new java.util.ArrayList<>();
            do {
                result = evaluation.evaluate();
                events += result.events();
                launches += result.launches();
                runs.addAll(result.runIds());
            } while (result.more());
            nextRetry = result.nextRetry();
            return new TriggerEvaluation.Result(events, launches, runs, false, result.nextRetry());
        } finally {
            evaluating.unlock();
        }
    }

    private void loop() {
        while (running) {
            try {
                awaitWork();
                try {
                    if (running && !paused) {
                        evaluateNow();
                    }
                } finally {
                    synchronized (signal) {
                        busy = false;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                // the cursor did not move: the events are read again at the next wake-up
                LOG.errorf(e, "trigger evaluation failed; retrying at the next wake-up");
                pause();
            }
        }
    }

    private void awaitWork() throws InterruptedException {
        synchronized (signal) {
            long waitMs = untilNextLook().toMillis();
            long deadline = System.nanoTime() + waitMs * 1_000_000L;
            while (!dirty && running) {
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    break;
                }
                signal.wait(left);
            }
            dirty = false;
            busy = true;
        }
    }

    /** Whether the thread has nothing to do: no wake-up pending and no evaluation running (for tests). */
    public boolean idle() {
        synchronized (signal) {
            return !dirty && !busy && !evaluating.isLocked();
        }
    }

    /** The interval, or less until the next tick of an {@code on_cron} policy or the next retry. */
    Duration untilNextLook() {
        Instant now = clock.instant();
        Duration wait = settings.interval();
        Optional<Instant> retry = nextRetry;
        if (retry.isPresent() && retry.get().isAfter(now)) { // one due but held waits for a wake-up like any hold
            Duration toRetry = Duration.between(now, retry.get()).plusMillis(1);
            if (toRetry.compareTo(wait) < 0) {
                wait = toRetry;
            }
        }
        for (var asset : declarations.automated()) {
            if (declarations.graph().policy(asset).orElseThrow() instanceof TriggerPolicy.OnCron onCron) {
                Duration toTick =
                        Duration.between(now, onCron.ticks().next(now)).plusMillis(1);
                if (toTick.compareTo(wait) < 0) {
                    wait = toTick;
                }
            }
        }
        return wait.isNegative() || wait.isZero() ? Duration.ofMillis(1) : wait;
    }

    private static void pause() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
