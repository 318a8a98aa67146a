package io.sluice.automation.schedule;

import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.ScheduleSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Whether a schedule's Quartz wake-up will handle the tick it waits for, decided from the stored state alone. Pure: the
 * state, the wake-up Quartz holds (its next fire time, if any), an instant and a grace period in; why it must be woken
 * again out (empty: the wake-up is fine, or the schedule is stopped).
 *
 * <p>The tick a running schedule waits for is its first tick after its cursor (or its start). Its wake-up is wrong when
 * <ul>
 *   <li>there is none (a crash between Quartz firing a wake-up and the job setting the next one, a job store cleaned
 *   up behind the schedule's back);</li>
 *   <li>the tick is still to come and the wake-up is later than it by more than the grace: the tick would fire late,
 *   or be counted as missed;</li>
 *   <li>the tick is overdue (past by more than the grace; at start-up, past) and the wake-up is not about to fire: it
 *   is later than now by more than the grace, or past by more than the grace (Quartz holds it but does not fire
 *   it).</li>
 * </ul>
 * A wake-up earlier than the tick is fine: it handles nothing and sets the right one. A tick that came due within the
 * grace is left to the wake-up that fired for it (the job is handling it). At start-up the grace is zero; the periodic
 * check gives the ticker and Quartz that time to do their work first.
 */
final class WakeUpRule {

    private WakeUpRule() {}

    /** Why {@code state}'s schedule must be woken again, if it must. */
    static Optional<String> problem(
            ScheduleSpec spec, AutomationState state, Optional<Instant> wakeUp, Instant now, Duration grace) {
        if (state.status() != AutomationStatus.RUNNING) {
            return Optional.empty();
        }
        Instant due = spec.ticks().next(ScheduleTicker.cursor(state, now));
        boolean overdue = grace.isZero() ? !due.isAfter(now) : due.isBefore(now.minus(grace));
        String waitsFor = overdue ? "its tick at " + due + " is overdue" : "it waits for its tick at " + due;
        if (wakeUp.isEmpty()) {
            return Optional.of(waitsFor + " and Quartz has no wake-up for it");
        }
        Instant at = wakeUp.get();
        if (due.isAfter(now) && at.isAfter(due.plus(grace)) || overdue && at.isAfter(now.plus(grace))) {
            return Optional.of(waitsFor + " and its Quartz wake-up is only at " + at);
        }
        if (overdue && at.isBefore(now.minus(grace))) {
            return Optional.of(waitsFor + " and its Quartz wake-up at " + at + " has not fired");
        }
        return Optional.empty();
    }
}
