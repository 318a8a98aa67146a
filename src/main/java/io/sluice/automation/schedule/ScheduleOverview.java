package io.sluice.automation.schedule;

import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.StoredTick;
import java.time.Instant;
import java.util.Optional;

/**
 * A schedule as the API and the pages show it: what is declared, where it stands, when it ticks next (if it runs;
 * a tick already due shows as due now) and its newest history entry.
 */
public record ScheduleOverview(
        ScheduleSpec spec, AutomationState state, Optional<Instant> nextTick, Optional<StoredTick> lastTick) {

    public boolean running() {
        return state.status() == AutomationStatus.RUNNING;
    }

    /** A running schedule's first tick after its cursor (or start): the one it waits for (if past, it fires at once). */
    static Optional<Instant> nextTick(ScheduleSpec spec, AutomationState state, Instant now) {
        if (state.status() != AutomationStatus.RUNNING) {
            return Optional.empty();
        }
        return Optional.of(spec.ticks().next(ScheduleTicker.cursor(state, now)));
    }
}
