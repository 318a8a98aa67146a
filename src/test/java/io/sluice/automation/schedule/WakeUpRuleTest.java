package io.sluice.automation.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.ScheduleTarget;
import io.sluice.automation.TickRecord;
import io.sluice.catalog.AssetKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The rule that finds a running schedule whose Quartz wake-up will not handle the tick it waits for, at instants the
 * test sets: at start-up (no grace) and in the periodic check (a grace for the ticker and Quartz to do their work).
 */
class WakeUpRuleTest {

    private static final ScheduleSpec EVERY_MINUTE =
            ScheduleSpec.of("every_minute", "* * * * *", "UTC", ScheduleTarget.of(AssetKey.parse("bench/noop")));
    private static final ScheduleSpec DAILY =
            ScheduleSpec.of("daily", "10 0 * * *", "UTC", ScheduleTarget.of(AssetKey.parse("bench/noop")));
    private static final Duration GRACE = Duration.ofSeconds(30);
    private static final Instant T = Instant.parse("2025-03-01T00:10:00Z");

    private static AutomationState running(Instant cursor) {
        return new AutomationState(
                TickRecord.Source.SCHEDULE,
                "s",
                AutomationStatus.RUNNING,
                Optional.of(cursor.toString()),
                Optional.of(Instant.parse("2025-01-01T00:00:00Z")),
                cursor,
                Optional.empty());
    }

    private static Optional<String> check(
            ScheduleSpec spec, Instant cursor, Optional<Instant> wakeUp, Instant now, Duration grace) {
        return WakeUpRule.problem(spec, running(cursor), wakeUp, now, grace);
    }

    @Test
    void aStoppedScheduleNeedsNoWakeUp() {
        AutomationState stopped = running(T).withStatus(AutomationStatus.STOPPED, T);
        assertThat(WakeUpRule.problem(DAILY, stopped, Optional.empty(), T.plusSeconds(3600), GRACE))
                .isEmpty();
    }

    @Test
    void aWakeUpAtTheNextTickOrEarlierIsFine() {
        Instant now = T.plusSeconds(60);
        Instant next = T.plus(Duration.ofDays(1));
        assertThat(check(DAILY, T, Optional.of(next), now, Duration.ZERO)).isEmpty();
        assertThat(check(DAILY, T, Optional.of(next), now, GRACE)).isEmpty();
        assertThat(check(DAILY, T, Optional.of(now.plusSeconds(50)), now, GRACE))
                .as("an early wake-up handles nothing and sets the right one")
                .isEmpty();
    }

    @Test
    void aRunningScheduleWithoutAWakeUpIsWokenAgain() {
        // killed after Quartz spent the wake-up and before the job set the next one
        assertThat(check(DAILY, T, Optional.empty(), T.plusMillis(20), Duration.ZERO))
                .hasValueSatisfying(
                        why -> assertThat(why).contains("2025-03-02T00:10:00Z").contains("no wake-up"));
        assertThat(check(DAILY, T.minus(Duration.ofDays(1)), Optional.empty(), T.plusSeconds(60), GRACE))
                .hasValueSatisfying(why -> assertThat(why).contains("overdue"));
    }

    @Test
    void aWakeUpLaterThanTheTickItWaitsForIsWokenAgain() {
        Instant now = T.plusSeconds(60);
        // a wake-up set a day too late would count tomorrow's tick as missed
        assertThat(check(DAILY, T, Optional.of(T.plus(Duration.ofDays(2))), now, GRACE))
                .hasValueSatisfying(why -> assertThat(why).contains("only at 2025-03-03T00:10:00Z"));
        // the tick is past (the process was down): a wake-up in the future would wait for nothing
        Instant afterDowntime = T.plus(Duration.ofDays(1)).plusSeconds(3600);
        assertThat(check(DAILY, T, Optional.of(T.plus(Duration.ofDays(2))), afterDowntime, Duration.ZERO))
                .hasValueSatisfying(why -> assertThat(why).contains("overdue"));
    }

    @Test
    void atStartUpAWakeUpLeftInThePastIsSetAgainAtOnce() {
        Instant now = T.plus(Duration.ofDays(1)).plusSeconds(3600);
        assertThat(check(DAILY, T, Optional.of(T.plus(Duration.ofDays(1))), now, Duration.ZERO))
                .hasValueSatisfying(why -> assertThat(why).contains("has not fired"));
    }

    @Test
    void thePeriodicCheckGivesQuartzAndTheTickerTheGrace() {
        Instant tick = T.plusSeconds(60);
        // Quartz fired at the tick; the job is handling it (the cursor has not moved; the wake-up fires again a minute
        // later unless the job replaces it)
        Instant backstop = tick.plus(ScheduleWakeups.BACKSTOP);
        assertThat(check(EVERY_MINUTE, T, Optional.of(backstop), tick.plusSeconds(5), GRACE))
                .isEmpty();
        // due, Quartz about to fire
        assertThat(check(EVERY_MINUTE, T, Optional.of(tick), tick.plusSeconds(10), GRACE))
                .isEmpty();
        // overdue by more than the grace, and the wake-up has not fired
        assertThat(check(EVERY_MINUTE, T, Optional.of(tick), tick.plusSeconds(45), GRACE))
                .hasValueSatisfying(why -> assertThat(why)
                        .contains("its tick at " + tick + " is overdue")
                        .contains("has not fired"));
    }

    @Test
    void theRuleReadsTheStoredStateOnly() {
        // a schedule started and never ticked waits for its first tick after the start
        AutomationState started = new AutomationState(
                TickRecord.Source.SCHEDULE,
                "s",
                AutomationStatus.RUNNING,
                Optional.empty(),
                Optional.of(T),
                T,
                Optional.empty());
        assertThat(WakeUpRule.problem(DAILY, started, Optional.of(T.plus(Duration.ofDays(1))), T.plusSeconds(1), GRACE))
                .isEmpty();
        assertThat(WakeUpRule.problem(DAILY, started, Optional.of(T.plus(Duration.ofDays(2))), T.plusSeconds(1), GRACE))
                .isPresent();
    }
}
