package io.sluice.automation.schedule;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.TickRecord;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Makes sure every running schedule has the Quartz wake-up its stored state calls for ({@link WakeUpRule}): at start-up
 * (grace zero) and then periodically, on the automation upkeep's own thread, so that a wake-up lost to a crash, or one
 * Quartz holds but never fires, does not stop a schedule for good. A schedule woken again is named in the log with why.
 * The fix is made with the schedule's state row locked and the rule checked again, so that a stop or a tick handled
 * meanwhile is not undone.
 */
@ApplicationScoped
public class ScheduleWatch {

    private static final Logger LOG = Logger.getLogger(ScheduleWatch.class);

    private final Schedules schedules;
    private final AutomationStore store;
    private final ScheduleWakeups wakeups;
    private final InstantSource clock;

    ScheduleWatch(Schedules schedules, AutomationStore store, ScheduleWakeups wakeups, InstantSource clock) {
        this.schedules = schedules;
        this.store = store;
        this.wakeups = wakeups;
        this.clock = clock;
    }

    /** Wakes again each running schedule whose wake-up is wrong with {@code grace}; answers their names. */
    public List<String> check(Duration grace) {
        Instant now = clock.instant();
        List<String> woken = new ArrayList<>();
        for (ScheduleSpec spec : schedules.all()) {
            Optional<AutomationState> state = store.find(TickRecord.Source.SCHEDULE, spec.name());
            if (state.isEmpty() || state.get().status() != AutomationStatus.RUNNING) {
                continue;
            }
            Optional<String> problem =
                    WakeUpRule.problem(spec, state.get(), wakeups.nextWakeUp(spec.name()), now, grace);
            if (problem.isPresent()) {
                rewake(spec, now, grace).ifPresent(why -> {
                    if (grace.isZero()) {
                        LOG.infof("schedule %s: %s; it is woken again from its stored state", spec.name(), why);
                    } else {
                        LOG.warnf("schedule %s: %s; it is woken again from its stored state", spec.name(), why);
                    }
                    woken.add(spec.name());
                });
            }
        }
        return woken;
    }

    private Optional<String> rewake(ScheduleSpec spec, Instant now, Duration grace) {
        return QuarkusTransaction.requiringNew().call(() -> {
            Optional<AutomationState> locked = store.lock(TickRecord.Source.SCHEDULE, spec.name());
            if (locked.isEmpty()) {
                return Optional.empty();
            }
            Optional<String> problem =
                    WakeUpRule.problem(spec, locked.get(), wakeups.nextWakeUp(spec.name()), now, grace);
            problem.ifPresent(p -> wakeups.wakeAfter(spec, ScheduleTicker.cursor(locked.get(), now)));
            return problem;
        });
    }
}
