package io.sluice.automation.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.testing.ScheduleProfile;
import io.sluice.testing.TestSchedules;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.spi.OperableTrigger;

/**
 * A schedule's status and cursor outlive a restart (start-up keeps what the store holds), Quartz holds a wake-up for a
 * running schedule only, and a wake-up that is due fires the job, which ticks and sets the next one.
 */
@QuarkusTest
@TestProfile(ScheduleProfile.class)
class ScheduleLifecycleTest {

    @Inject
    ScheduleSwitch switches;

    @Inject
    ScheduleStartup startup;

    @Inject
    ScheduleWakeups wakeups;

    @Inject
    Schedules schedules;

    @Inject
    AutomationStore store;

    @Inject
    ScheduleWatch watch;

    @Inject
    Scheduler quartz;

    @Test
    void theStatusSurvivesARestartAndOnlyARunningScheduleHasAWakeUp() {
        String name = TestSchedules.YEARLY;
        assertThat(wakeups.nextWakeUp(name)).as("stopped by default").isEmpty();

        AutomationState started = switches.start(name, "tester", "restart test");
        Optional<Instant> wakeUp = wakeups.nextWakeUp(name);
        assertThat(wakeUp)
                .contains(schedules.get(name).ticks().next(started.startedAt().orElseThrow()));

        startup.onStart(null); // what a restart does
        AutomationState again = store.find(TickRecord.Source.SCHEDULE, name).orElseThrow();
        assertThat(again.status()).isEqualTo(AutomationStatus.RUNNING);
        assertThat(again.cursor()).isEqualTo(started.cursor());
        assertThat(wakeups.nextWakeUp(name)).isEqualTo(wakeUp);

        switches.stop(name, "tester", "restart test");
        assertThat(wakeups.nextWakeUp(name)).isEmpty();
        startup.onStart(null);
        assertThat(store.find(TickRecord.Source.SCHEDULE, name).orElseThrow().status())
                .as("a stopped schedule stays stopped, though it was started since its default")
                .isEqualTo(AutomationStatus.STOPPED);
        assertThat(wakeups.nextWakeUp(name)).isEmpty();
    }

    @Test
    void aDueWakeUpFiresTheJobWhichTicksAndSetsTheNextOne() throws InterruptedException {
        String name = TestSchedules.WAKING;
        Instant cursor = Instant.parse("2024-12-31T00:00:00Z");
        ScheduleFixture.running(store, name, cursor);
        wakeups.wakeAfter(schedules.get(name), cursor); // 2025-01-01: past, so Quartz fires it at once

        List<StoredTick> ticks = List.of();
        for (int i = 0;
                i < 600 && ticks.stream().noneMatch(t -> t.tick().outcome() instanceof TickOutcome.Launched);
                i++) {
            Thread.sleep(100); // Quartz's own thread fires the job: wait for it, up to a minute
            ticks = store.ticks(TickRecord.Source.SCHEDULE, name, 10, Optional.empty());
        }
        assertThat(ticks)
                .as("the job ticked at the real clock's instant: the latest new year since the cursor launched")
                .anySatisfy(t -> assertThat(t.tick().outcome()).isInstanceOf(TickOutcome.Launched.class));
        Instant handled = ScheduleFixture.cursor(store, name);
        assertThat(handled).isAfter(cursor);
        for (int i = 0; i < 600 && !wakeups.nextWakeUp(name).equals(Optional.of(next(name, handled))); i++) {
            Thread.sleep(100);
        }
        assertThat(wakeups.nextWakeUp(name)).as("the next new year").contains(next(name, handled));
        switches.stop(name, "tester", null);
    }

    @Test
    void aLostOrLateWakeUpIsSetAgainFromTheStoredStateAtStartUpAndByThePeriodicCheck() throws SchedulerException {
        String name = TestSchedules.YEARLY;
        if (store.find(TickRecord.Source.SCHEDULE, name).orElseThrow().status() == AutomationStatus.RUNNING) {
            switches.stop(name, "tester", "reset");
        }
        AutomationState started = switches.start(name, "tester", "wake-up test");
        Instant due = next(name, started.startedAt().orElseThrow());
        assertThat(wakeups.nextWakeUp(name)).contains(due);

        // lost: the job is there, its wake-up is not (Quartz spent it and the process died before the next was set)
        unscheduleAll(name);
        startup.onStart(null); // what a restart does
        assertThat(wakeups.nextWakeUp(name)).as("set again at start-up").contains(due);

        // late: a wake-up a year after the tick the schedule waits for would count that tick as missed
        wakeups.wakeAfter(schedules.get(name), due);
        assertThat(wakeups.nextWakeUp(name)).contains(next(name, due));
        startup.onStart(null);
        assertThat(wakeups.nextWakeUp(name)).as("set again at start-up").contains(due);

        // lost while the process runs: the periodic check finds it
        unscheduleAll(name);
        assertThat(watch.check(Duration.ofSeconds(30))).contains(name);
        assertThat(wakeups.nextWakeUp(name)).as("set again by the check").contains(due);
        assertThat(watch.check(Duration.ofSeconds(30))).as("nothing more to do").doesNotContain(name);

        switches.stop(name, "tester", "wake-up test done");
        unscheduleAll(name);
        assertThat(watch.check(Duration.ofSeconds(30)))
                .as("a stopped schedule is not woken")
                .doesNotContain(name);
        assertThat(wakeups.nextWakeUp(name)).isEmpty();
    }

    @Test
    void aFiredWakeUpIsNotSpentUntilTheJobHasSetTheNextOne() throws SchedulerException {
        String name = TestSchedules.YEARLY;
        if (store.find(TickRecord.Source.SCHEDULE, name).orElseThrow().status() == AutomationStatus.RUNNING) {
            switches.stop(name, "tester", "reset");
        }
        switches.start(name, "tester", "backstop test");
        List<? extends Trigger> set = quartz.getTriggersOfJob(ScheduleWakeups.jobKey(name));
        assertThat(set).hasSize(1);
        Trigger wakeUp = set.get(0);
        Date fired = wakeUp.getNextFireTime();
        // what Quartz does to a trigger when it fires it (and stores, in a transaction of its own, before the job runs)
        ((OperableTrigger) wakeUp).triggered(null);
        assertThat(wakeUp.getNextFireTime())
                .as("after firing, the wake-up still has a next fire time: a crash before the job sets the next one"
                        + " leaves it live")
                .isNotNull()
                .isEqualTo(Date.from(fired.toInstant().plus(ScheduleWakeups.BACKSTOP)));
        switches.stop(name, "tester", "backstop test done");
    }

    private void unscheduleAll(String name) throws SchedulerException {
        for (Trigger t : quartz.getTriggersOfJob(ScheduleWakeups.jobKey(name))) {
            quartz.unscheduleJob(t.getKey());
        }
        assertThat(wakeups.nextWakeUp(name)).isEmpty();
    }

    private Instant next(String name, Instant after) {
        return schedules.get(name).ticks().next(after);
    }
}
