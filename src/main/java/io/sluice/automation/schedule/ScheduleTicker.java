package io.sluice.automation.schedule;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.SchedulePlanner;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.automation.launch.AutomationLauncher;
import io.sluice.identity.Caller;
import io.sluice.runs.RequestRejected;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Handles a schedule's due ticks at an instant: Quartz calls {@link #tick(String)} when it wakes the schedule, tests call
 * {@link #tick(String, Instant)} with the instant they set. The stored cursor decides, not the wake-up: a second call at
 * the same instant, or on another node, launches nothing.
 *
 * <p>Each fired tick is one step in one transaction: lock the schedule's state row (another node waits), evaluate
 * with {@link SchedulePlanner} from the cursor (or the start instant), launch the oldest fired tick's run or backfill,
 * record it (and the summary of the ticks the misfire policy skipped), move the cursor to it, commit, let the dispatcher
 * start the run. A launch that is refused (a {@link RequestRejected}) rolls that step back; the next step, in a new
 * transaction, records the tick as FAILED with the refusal's message and moves the cursor past it, so that a refused
 * tick is not retried forever. A stopped schedule does nothing. (Old history is deleted by the automation upkeep, on its
 * own clock, not here: a stopped schedule would never prune.)
 */
@ApplicationScoped
public class ScheduleTicker {

    private final Schedules schedules;
    private final AutomationStore store;
    private final AutomationLauncher launcher;
    private final InstantSource clock;

    ScheduleTicker(Schedules schedules, AutomationStore store, AutomationLauncher launcher, InstantSource clock) {
        this.schedules = schedules;
        this.store = store;
        this.launcher = launcher;
        this.clock = clock;
    }

    /** Handles the schedule's ticks due now. */
    public List<TickRecord> tick(String name) {
        return tick(name, clock.instant());
    }

    /** Handles the schedule's ticks due at {@code now}; answers the history entries it recorded (none: nothing due). */
    public List<TickRecord> tick(String name, Instant now) {
        ScheduleSpec spec = schedules.get(name);
        List<TickRecord> recorded = new ArrayList<>();
        Optional<Refused> refused = Optional.empty();
        for (int step = 0; step <= 2 * spec.misfire().maxTicks() + 1; step++) {
            Optional<Refused> failing = refused;
            List<TickRecord> done;
            try {
                done = QuarkusTransaction.requiringNew().call(() -> step(spec, now, failing));
                refused = Optional.empty();
            } catch (Refused r) {
                refused = Optional.of(r);
                continue;
            }
            if (done.isEmpty()) {
                break;
            }
            recorded.addAll(done);
            launcher.dispatchSoon();
        }
        return recorded;
    }

    /**
     * One step in the caller's transaction: the oldest fired tick (with the missed-ticks summary, if any), launched, or
     * recorded as failed with {@code refused}. Nothing if the schedule is stopped or no tick is due.
     */
    private List<TickRecord> step(ScheduleSpec spec, Instant now, Optional<Refused> refused) {
        Optional<AutomationState> locked = store.lock(TickRecord.Source.SCHEDULE, spec.name());
        if (locked.isEmpty() || locked.get().status() != AutomationStatus.RUNNING) {
            return List.of();
        }
        AutomationState state = locked.get();
        SchedulePlanner.Evaluation evaluation = SchedulePlanner.evaluate(spec, cursor(state, now), now);
        if (evaluation.fired().isEmpty()) {
            return List.of();
        }
        SchedulePlanner.DueTick due = evaluation.fired().get(0);
        String cursor = due.tick().toString();
        List<TickRecord> recorded = new ArrayList<>();
        evaluation
                .missed()
                .ifPresent(missed -> recorded.add(new TickRecord(
                        TickRecord.Source.SCHEDULE, spec.name(), missed.last(), now, missed.recorded())));
        TickOutcome outcome;
        if (refused.isPresent() && refused.get().tick.equals(due.tick())) {
            outcome = new TickOutcome.Failed("launch refused: " + refused.get().getMessage());
        } else if (due.launch().isPresent()) {
            AutomationLauncher.Launched launched;
            try {
                launched = launcher.launchAll(List.of(due.launch().get()), actor(spec.name()));
            } catch (RequestRejected e) {
                throw new Refused(due.tick(), e);
            }
            outcome = due.recorded(launched.runIds(), launched.backfillIds());
        } else {
            outcome = due.recorded(List.of(), List.of());
        }
        recorded.add(new TickRecord(TickRecord.Source.SCHEDULE, spec.name(), due.tick(), now, outcome));
        recorded.forEach(store::record);
        store.save(state.withCursor(cursor, now));
        return recorded;
    }

    /** Who a schedule's launches are launched by. */
    public static String actor(String name) {
        return Caller.schedule(name).name();
    }

    /** The stored cursor, or the instant the schedule was started (ticks before it are not caught up). */
    static Instant cursor(AutomationState state, Instant now) {
        return state.cursor().map(Instant::parse).or(state::startedAt).orElse(now);
    }

    /** A tick's launch was refused: its step rolls back, and the next step records it as failed. */
    private static final class Refused extends RuntimeException {
        final Instant tick;

        Refused(Instant tick, RequestRejected cause) {
            super(cause.getMessage(), cause);
            this.tick = tick;
        }
    }
}
