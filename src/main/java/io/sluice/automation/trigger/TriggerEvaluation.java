package io.sluice.automation.trigger;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.MaterializationEvent;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.automation.TriggerCursor;
import io.sluice.automation.TriggerEvaluator;
import io.sluice.automation.TriggerGraph;
import io.sluice.automation.TriggerPlan;
import io.sluice.automation.launch.AutomationLauncher;
import io.sluice.identity.Caller;
import io.sluice.runs.RequestRejected;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One trigger evaluation, in one transaction: lock the evaluator's state row, read the events after its cursor, build
 * the input, evaluate (pure), launch the plan's runs as actor {@code trigger}, record what it decided per asset and save
 * the new cursor. The cursor and the launches commit together: a crash or a failed commit leaves the old cursor, and the
 * next evaluation reads the same events and plans the same launches (none was committed). A launch Sluice refuses
 * (a {@link RequestRejected}) is recorded as FAILED for the assets of the plan and the cursor moves past its events, as
 * a schedule's failed tick does: the same refusal would otherwise repeat at every wake-up.
 */
@ApplicationScoped
public class TriggerEvaluation {

    static final String NAME = "evaluator";
    static final String ACTOR = Caller.trigger().name();

    /** What one evaluation did, and when its earliest retry is due (the loop looks again then). */
    public record Result(int events, int launches, List<String> runIds, boolean more, Optional<Instant> nextRetry) {
        static final Result NOTHING = new Result(0, 0, List.of(), false, Optional.empty());
    }

    private final TriggerDeclarations declarations;
    private final TriggerInputs inputs;
    private final AutomationStore store;
    private final AutomationLauncher launcher;
    private final InstantSource clock;
    private final TriggerSettings settings;
    private final CursorCodec codec;
    private final AtomicLong evaluations = new AtomicLong();
    private final AtomicLong batches = new AtomicLong();
    private volatile Runnable beforeCommit = () -> {};

    public TriggerEvaluation(
            TriggerDeclarations declarations,
            TriggerInputs inputs,
            AutomationStore store,
            AutomationLauncher launcher,
            InstantSource clock,
            TriggerSettings settings,
            ObjectMapper mapper) {
        this.declarations = declarations;
        this.inputs = inputs;
        this.store = store;
        this.launcher = launcher;
        this.clock = clock;
        this.settings = settings;
        this.codec = new CursorCodec(mapper);
    }

    /**
     * Creates the state row on first start, its cursor at the newest materialization event: triggers act on what is
     * materialized from then on, not on the whole history of an existing store.
     */
    void ensureState() {
        Instant now = clock.instant();
        AutomationState state = store.ensure(TickRecord.Source.TRIGGER, NAME, AutomationStatus.RUNNING, now);
        if (state.cursor().isEmpty()) {
            QuarkusTransaction.requiringNew()
                    .run(() -> store.lock(TickRecord.Source.TRIGGER, NAME)
                            .filter(s -> s.cursor().isEmpty())
                            .ifPresent(s -> store.save(s.withCursor(
                                    codec.write(new TriggerCursor(
                                            inputs.lastEventId(),
                                            java.util.Map.of(),
                                            java.util.Set.of(),
                                            java.util.Set.of())),
                                    now))));
        }
    }

    /** Runs inside the evaluation's transaction just before it commits: tests make it throw to see a failed commit. */
    void beforeCommit(Runnable hook) {
        beforeCommit = hook;
    }

    /** How many evaluations this process ran (the benchmark's count). */
    public long evaluations() {
        return evaluations.get();
    }

    /** How many committed evaluations read at least one event: a burst read in one batch counts once. */
    public long batches() {
        return batches.get();
    }

    /** Evaluates once; the caller makes sure one evaluation runs at a time in this process (the row lock across nodes). */
    Result evaluate() {
        TriggerGraph graph = declarations.graph();
        if (declarations.automated().isEmpty()) {
            return Result.NOTHING;
        }
        evaluations.incrementAndGet();
        Planned planned;
        try {
            planned = QuarkusTransaction.requiringNew().call(() -> attempt(graph));
        } catch (RequestRejected e) {
            planned = QuarkusTransaction.requiringNew().call(() -> refused(graph, e.getMessage()));
        }
        if (planned.events() > 0) {
            batches.incrementAndGet();
        }
        if (planned.launches() > 0) {
            launcher.dispatchSoon();
        }
        return new Result(planned.events(), planned.launches(), planned.runIds(), planned.more(), planned.nextRetry());
    }

    private record Planned(int events, int launches, List<String> runIds, boolean more, Optional<Instant> nextRetry) {
        static Planned none() {
            return new Planned(0, 0, List.of(), false, Optional.empty());
        }
    }

    private Planned attempt(TriggerGraph graph) {
        Optional<AutomationState> locked = store.lock(TickRecord.Source.TRIGGER, NAME);
        if (locked.isEmpty() || locked.get().status() != AutomationStatus.RUNNING) {
            return Planned.none();
        }
        Instant now = clock.instant();
        TriggerCursor cursor = codec.read(locked.get().cursor(), TriggerCursor.START);
        List<MaterializationEvent> batch = inputs.eventsAfter(graph, cursor.eventSequence(), settings.batchSize(), now);
        TriggerPlan plan = TriggerEvaluator.evaluate(
                graph, cursor, inputs.input(graph, cursor, batch, now), settings.retryPolicy());
        AutomationLauncher.Launched launched = launcher.launchAll(plan.launches(), ACTOR);
        // a trigger launches runs only, one per launch: each eager one is followed until it ends
        TriggerCursor next = launched.runIds().size() == plan.launches().size()
                ? plan.cursorAfter(launched.runIds())
                : plan.cursor();
        if (!batch.isEmpty() || !launched.isEmpty() || !next.equals(cursor)) {
            TriggerTicks.of(plan, launched, now).stream().filter(this::isNews).forEach(store::record);
        }
        if (!next.equals(cursor)) {
            store.save(locked.get().withCursor(codec.write(next), now));
        }
        beforeCommit.run();
        return new Planned(
                batch.size(),
                plan.launches().size(),
                launched.runIds(),
                stored(batch) >= settings.batchSize(),
                next.nextRetry());
    }

    /**
     * Whether a tick entry says something the asset's newest entry does not: an asset held for the same reason at every
     * evaluation of a backfill (its upstream in progress, a retry's wait) keeps one entry, the first, not one per run
     * that ended meanwhile.
     */
    private boolean isNews(TickRecord tick) {
        if (!(tick.outcome() instanceof TickOutcome.Skipped)) {
            return true;
        }
        return store.ticks(TickRecord.Source.TRIGGER, tick.name(), 1, Optional.empty()).stream()
                .findFirst()
                .map(last -> !last.tick().outcome().equals(tick.outcome()))
                .orElse(true);
    }

    /** How many stored events the batch holds (a range event stands for several). */
    private static long stored(List<MaterializationEvent> batch) {
        return batch.stream()
                .mapToLong(MaterializationEvent::sequence)
                .distinct()
                .count();
    }

    private Planned refused(TriggerGraph graph, String error) {
        Optional<AutomationState> locked = store.lock(TickRecord.Source.TRIGGER, NAME);
        if (locked.isEmpty() || locked.get().status() != AutomationStatus.RUNNING) {
            return Planned.none();
        }
        Instant now = clock.instant();
        TriggerCursor cursor = codec.read(locked.get().cursor(), TriggerCursor.START);
        List<MaterializationEvent> batch = inputs.eventsAfter(graph, cursor.eventSequence(), settings.batchSize(), now);
        TriggerPlan plan = TriggerEvaluator.evaluate(
                graph, cursor, inputs.input(graph, cursor, batch, now), settings.retryPolicy());
        TriggerTicks.failed(plan, "launch refused: " + error, now).forEach(store::record);
        store.save(locked.get().withCursor(codec.write(plan.cursor()), now));
        return new Planned(
                batch.size(),
                0,
                List.of(),
                stored(batch) >= settings.batchSize(),
                plan.cursor().nextRetry());
    }
}
