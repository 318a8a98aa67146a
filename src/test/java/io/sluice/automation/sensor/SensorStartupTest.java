package io.sluice.automation.sensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.SensorSlots;
import io.sluice.automation.SensorSpec;
import io.sluice.automation.TickRecord;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Start-up: each declared sensor has its state row with its default status the first time, then the status kept; a
 * running sensor has a Quartz trigger at its interval, a stopped one none. Registering again (a restart, another node)
 * changes nothing.
 */
@QuarkusTest
@TestProfile(SensorTestProfile.class)
class SensorStartupTest {

    private static final String RUNNING = TestSensors.Running.NAME;

    @Inject
    SensorService sensors;

    @Inject
    SensorTriggers triggers;

    @Inject
    AutomationStore store;

    @Inject
    SensorRegistry registry;

    @Inject
    SettableClock clock;

    @Test
    void aSensorRunningByDefaultHasATriggerAtItsIntervalFromStartUp() {
        TestSensors.ensure(sensors, RUNNING, AutomationStatus.RUNNING);
        sensors.registerAll();

        assertThat(store.find(TickRecord.Source.SENSOR, RUNNING).orElseThrow().status())
                .isEqualTo(AutomationStatus.RUNNING);
        assertThat(triggers.intervalMillis(RUNNING)).contains(Duration.ofDays(1).toMillis());
        assertThat(triggers.next(RUNNING)).isPresent();
    }

    @Test
    void aStoppedSensorStaysStoppedAcrossARestartAndAStartBringsItsTriggerBack() {
        TestSensors.ensure(sensors, RUNNING, AutomationStatus.STOPPED);
        assertThat(triggers.intervalMillis(RUNNING)).isEmpty();

        sensors.registerAll(); // what each start-up does

        assertThat(store.find(TickRecord.Source.SENSOR, RUNNING).orElseThrow().status())
                .isEqualTo(AutomationStatus.STOPPED);
        assertThat(triggers.intervalMillis(RUNNING)).isEmpty();

        sensors.start(RUNNING, "test", "start again");
        sensors.registerAll();
        assertThat(store.find(TickRecord.Source.SENSOR, RUNNING).orElseThrow().status())
                .isEqualTo(AutomationStatus.RUNNING);
        assertThat(triggers.intervalMillis(RUNNING)).contains(Duration.ofDays(1).toMillis());
    }

    @Test
    void aRestartKeepsTheTriggerAndItsPhase() {
        clock.set(clock.instant());
        try {
            TestSensors.ensure(sensors, RUNNING, AutomationStatus.RUNNING);
            sensors.registerAll();
            Optional<Instant> next = triggers.next(RUNNING);
            assertThat(next).isPresent();
            Instant startedAt = store.find(TickRecord.Source.SENSOR, RUNNING)
                    .orElseThrow()
                    .startedAt()
                    .orElseThrow();
            assertThat(SensorSlots.inPhase(startedAt, Duration.ofDays(1), next.get()))
                    .as("fires at a slot middle")
                    .isTrue();

            clock.advance(Duration.ofHours(5)); // this node starts again, or another one does
            sensors.registerAll();

            assertThat(triggers.next(RUNNING))
                    .as("the trigger the other nodes fire is kept")
                    .isEqualTo(next);
        } finally {
            clock.release();
        }
    }

    @Test
    void aTriggerOutOfPhaseIsScheduledAgainAtTheNextSlotMiddle() {
        clock.set(clock.instant());
        try {
            TestSensors.ensure(sensors, RUNNING, AutomationStatus.RUNNING);
            Instant startedAt = store.find(TickRecord.Source.SENSOR, RUNNING)
                    .orElseThrow()
                    .startedAt()
                    .orElseThrow();
            SensorSpec spec = registry.require(RUNNING).spec();
            triggers.schedule(spec, startedAt.plusSeconds(7)); // as a node before slots left it
            assertThat(SensorSlots.inPhase(
                            startedAt, spec.interval(), triggers.next(RUNNING).orElseThrow()))
                    .isFalse();

            sensors.registerAll();

            Instant next = triggers.next(RUNNING).orElseThrow();
            assertThat(SensorSlots.inPhase(startedAt, spec.interval(), next)).isTrue();
            assertThat(next).isEqualTo(SensorSlots.startAt(startedAt, spec.interval(), clock.instant()));
        } finally {
            clock.release();
        }
    }

    @Test
    void aSensorStoppedByDefaultHasNoTriggerUntilStarted() {
        assertThat(registry.all()).extracting(s -> s.spec().name()).contains(TestSensors.Alpha.NAME, RUNNING);
        TestSensors.ensure(sensors, TestSensors.Alpha.NAME, AutomationStatus.STOPPED);
        sensors.registerAll();
        assertThat(triggers.next(TestSensors.Alpha.NAME)).isEmpty();
    }

    @Test
    void theTriggerOfASensorNoLongerDeclaredIsRemovedAtStartUp() {
        triggers.schedule(
                new io.sluice.automation.SensorSpec(
                        "removed_from_the_code", Duration.ofDays(1), AutomationStatus.RUNNING),
                clock.instant());
        assertThat(triggers.names()).contains("removed_from_the_code");

        sensors.registerAll();

        assertThat(triggers.names()).doesNotContain("removed_from_the_code");
    }

    @Test
    void anUnknownSensorIsNotFound() {
        assertThatThrownBy(() -> registry.require("no_such_sensor"))
                .isInstanceOf(io.sluice.runs.RequestRejected.NotFound.class)
                .hasMessageContaining("no_such_sensor");
    }
}
