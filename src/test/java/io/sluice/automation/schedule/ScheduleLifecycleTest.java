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
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

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

    private Instant next(String name, Instant after) {
        return schedules.get(name).ticks().next(after);
    }
}
