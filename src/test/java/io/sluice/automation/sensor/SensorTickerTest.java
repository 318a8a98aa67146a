package io.sluice.automation.sensor;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.audit.AuditSearch;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.DynamicPartitionChange;
import io.sluice.automation.Launch;
import io.sluice.automation.LaunchRequest;
import io.sluice.automation.SensorResult;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.runs.DynamicPartitionService;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import jakarta.inject.Inject;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One sensor tick end to end, ticked by hand with a settable clock: what of a result is kept, the cursor moving only
 * with its launches (across a failed commit too), failures, dynamic partitions and a stopped sensor.
 */
@QuarkusTest
@TestProfile(SensorTestProfile.class)
class SensorTickerTest {

    private static final AssetKey DAILY = AssetKey.parse("test/daily");
    private static final AssetKey REGIONAL = AssetKey.parse("test/regional");
    private static final String NAME = TestSensors.Alpha.NAME;

    @Inject
    SensorTicker ticker;

    @Inject
    SensorService sensors;

    @Inject
    TestSensors.Alpha sensor;

    @Inject
    AutomationStore store;

    @Inject
    RunHistory runs;

    @Inject
    DynamicPartitionService partitions;

    @Inject
    AuditLog audit;

    @Inject
    SettableClock clock;

    @Inject
    TransactionSynchronizationRegistry transactions;

    @BeforeEach
    void running() {
        clock.set(Instant.parse("2025-03-01T10:00:00Z"));
        TestSensors.ensure(sensors, NAME, AutomationStatus.RUNNING);
        cursor(Optional.empty());
    }

    @AfterEach
    void release() {
        clock.release();
    }

    /** Sets the stored cursor, as a previous tick would have left it. */
    private void cursor(Optional<String> cursor) {
        QuarkusTransaction.requiringNew().run(() -> {
            AutomationState s = store.lock(TickRecord.Source.SENSOR, NAME).orElseThrow();
            store.save(new AutomationState(
                    s.source(), s.name(), s.status(), cursor, s.startedAt(), s.updatedAt(), s.lastSlot()));
        });
    }

    private Optional<String> storedCursor() {
        return store.find(TickRecord.Source.SENSOR, NAME).orElseThrow().cursor();
    }

    /** A day of test/daily no other test launches (runs are not executed here, so a launched day stays busy). */
    private static String someDay() {
        return LocalDate.of(2024, 1, 1)
                .plusDays(ThreadLocalRandom.current().nextInt(0, 400))
                .toString();
    }

    private static LaunchRequest daily(String day) {
        return LaunchRequest.of(List.of(DAILY), List.of(PartitionKeyRange.single(day)), "a test sensor saw " + day);
    }

    private List<Run> runsOf(TickRecord tick) {
        assertThat(tick.outcome()).isInstanceOf(TickOutcome.Launched.class);
        return ((TickOutcome.Launched) tick.outcome())
                .runIds().stream().map(id -> runs.find(id).orElseThrow()).toList();
    }

    @Test
    void aLaunchCommitsWithItsCursorTaggedWithTheSensor() {
        String day = someDay();
        sensor.script((context, cursor) -> SensorResult.launch(daily(day)).withCursor("after-" + day));

        TickRecord tick = ticker.tickNow(NAME).orElseThrow();

        List<Run> launched = runsOf(tick);
        assertThat(launched).hasSize(1);
        assertThat(launched.get(0).partitions()).containsExactly(day);
        assertThat(launched.get(0).tags()).containsEntry(Launch.SENSOR_TAG, NAME);
        assertThat(launched.get(0).launchedBy()).isEqualTo("sensor:" + NAME);
        assertThat(storedCursor()).contains("after-" + day);
        assertThat(tick.tick()).isEqualTo(Instant.parse("2025-03-01T10:00:00Z"));
        assertThat(store.ticks(TickRecord.Source.SENSOR, NAME, 1, Optional.empty())
                        .get(0)
                        .tick())
                .isEqualTo(tick);
    }

    @Test
    void theSensorSeesTheStoredCursorAndThePreviousTick() {
        cursor(Optional.of("seen-7"));
        sensor.script((context, cursor) -> SensorResult.skip("nothing new"));
        ticker.tickNow(NAME);
        clock.advance(Duration.ofDays(1));

        TickRecord second = ticker.tickNow(NAME).orElseThrow();

        assertThat(sensor.cursors()).containsExactly(Optional.of("seen-7"), Optional.of("seen-7"));
        assertThat(sensor.contexts().get(1).previousTick()).contains(Instant.parse("2025-03-01T10:00:00Z"));
        assertThat(sensor.contexts().get(1).now()).isEqualTo(Instant.parse("2025-03-02T10:00:00Z"));
        assertThat(second.outcome()).isEqualTo(new TickOutcome.Skipped("nothing new"));
        assertThat(storedCursor()).contains("seen-7");
    }

    @Test
    void aSkippedTickMayStillMoveTheCursor() {
        sensor.script((context, cursor) -> SensorResult.skip("looked, nothing").withCursor("looked-once"));

        TickRecord tick = ticker.tickNow(NAME).orElseThrow();

        assertThat(tick.outcome()).isEqualTo(new TickOutcome.Skipped("looked, nothing"));
        assertThat(storedCursor()).contains("looked-once");
    }

    @Test
    void aCommitThatFailsKeepsTheCursorAndTheNextTickLaunchesExactlyOnce() {
        String day = someDay();
        AtomicBoolean crash = new AtomicBoolean(true);
        // a sensor that launches the day until its cursor says it was seen
        sensor.script((context, cursor) -> {
            if (cursor.equals(Optional.of("seen-" + day))) {
                return SensorResult.skip("seen " + day);
            }
            if (crash.getAndSet(false)) {
                // the evaluation is done; the transaction fails when it commits (after Hibernate flushed the run)
                transactions.registerInterposedSynchronization(new Synchronization() {
                    @Override
                    public void beforeCompletion() {
                        throw new IllegalStateException("the node died before the commit");
                    }

                    @Override
                    public void afterCompletion(int status) {}
                });
            }
            return SensorResult.launch(daily(day)).withCursor("seen-" + day);
        });

        TickRecord crashed = ticker.tickNow(NAME).orElseThrow();
        assertThat(crashed.outcome()).isInstanceOf(TickOutcome.Failed.class);
        assertThat(storedCursor()).isEmpty();
        assertThat(launchesOf(day)).isEmpty();

        TickRecord retried = ticker.tickNow(NAME).orElseThrow();
        TickRecord after = ticker.tickNow(NAME).orElseThrow();

        assertThat(runsOf(retried)).hasSize(1);
        assertThat(after.outcome()).isEqualTo(new TickOutcome.Skipped("seen " + day));
        assertThat(launchesOf(day)).hasSize(1);
        assertThat(storedCursor()).contains("seen-" + day);
        assertThat(sensor.cursors()).containsExactly(Optional.empty(), Optional.empty(), Optional.of("seen-" + day));
    }

    /** The runs of test/daily's {@code day} this sensor launched. */
    private List<Run> launchesOf(String day) {
        return runs.list(new io.sluice.runs.RunQuery(Optional.empty(), Optional.of(DAILY), 500)).stream()
                .filter(r -> NAME.equals(r.tags().get(Launch.SENSOR_TAG)))
                .filter(r -> r.partitions().contains(day))
                .toList();
    }

    @Test
    void aSensorThatThrowsIsAFailedTickAndKeepsItsCursor() {
        cursor(Optional.of("before-failure"));
        sensor.script((context, cursor) -> {
            throw new IllegalStateException("the folder is unreadable");
        });

        TickRecord tick = ticker.tickNow(NAME).orElseThrow();

        assertThat(tick.outcome()).isInstanceOf(TickOutcome.Failed.class);
        assertThat(((TickOutcome.Failed) tick.outcome()).error()).contains("the folder is unreadable");
        assertThat(storedCursor()).contains("before-failure");
    }

    @Test
    void anInvalidResultIsAFailedTickThatChangesNothing() {
        String key = "r-" + UUID.randomUUID();
        sensor.script((context, cursor) -> SensorResult.skip("odd")
                .with(new DynamicPartitionChange("test_regions", List.of(key), List.of(key)))
                .withCursor("moved"));

        TickRecord tick = ticker.tickNow(NAME).orElseThrow();

        assertThat(tick.outcome()).isInstanceOf(TickOutcome.Failed.class);
        assertThat(((TickOutcome.Failed) tick.outcome()).error()).contains("both added to and removed from");
        assertThat(partitions.keys("test_regions")).doesNotContain(key);
        assertThat(storedCursor()).isEmpty();
    }

    @Test
    void dynamicPartitionsAreAddedBesideTheRunOfTheNewKey() {
        String key = "r-" + UUID.randomUUID();
        sensor.script((context, cursor) -> SensorResult.launch(LaunchRequest.of(
                        List.of(REGIONAL), List.of(PartitionKeyRange.single(key)), "new region " + key))
                .with(DynamicPartitionChange.add("test_regions", key))
                .withCursor(key));

        TickRecord tick = ticker.tickNow(NAME).orElseThrow();

        assertThat(runsOf(tick).get(0).partitions()).containsExactly(key);
        assertThat(partitions.keys("test_regions")).contains(key);
        List<AuditEvent> added = audit.search(new AuditSearch(
                Optional.of("sensor:" + NAME),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                200));
        assertThat(added).anySatisfy(e -> {
            assertThat(e.action()).isEqualTo(AuditAction.PARTITION_KEYS_ADDED);
            assertThat(e.detail().get("keys")).isEqualTo(List.of(key));
        });
    }

    @Test
    void aRefusedLaunchIsAFailedTickThatKeepsTheCursorAndRollsBackItsKeys() {
        String key = "r-" + UUID.randomUUID();
        cursor(Optional.of("old"));
        // 1999 is before test/daily's first partition: the launch is refused, and so is the key added with it
        sensor.script((context, cursor) -> SensorResult.launch(daily("1999-01-01"))
                .with(DynamicPartitionChange.add("test_regions", key))
                .withCursor("new"));

        TickRecord tick = ticker.tickNow(NAME).orElseThrow();

        assertThat(tick.outcome()).isInstanceOf(TickOutcome.Failed.class);
        assertThat(((TickOutcome.Failed) tick.outcome()).error()).startsWith("a launch was refused");
        assertThat(storedCursor()).contains("old");
        assertThat(partitions.keys("test_regions")).doesNotContain(key);
        assertThat(store.ticks(TickRecord.Source.SENSOR, NAME, 1, Optional.empty())
                        .get(0)
                        .tick()
                        .outcome())
                .isEqualTo(tick.outcome());
    }

    @Test
    void twoFiresInOneSlotEvaluateOnceAndTheNextSlotEvaluatesAgain() {
        sensors.stop(NAME, "test", "restart the slots");
        sensors.start(NAME, "test", "slots from 10:00, a day apart");
        sensor.script((context, cursor) -> SensorResult.skip("looked"));
        long before = store.ticks(TickRecord.Source.SENSOR, NAME, 1000, Optional.empty())
                .size();

        clock.advance(Duration.ofDays(1)); // the trigger fires at the middle of slot 1
        assertThat(ticker.fire(NAME)).isPresent();
        clock.advance(Duration.ofHours(11)); // another node's fire, still in slot 1
        assertThat(ticker.fire(NAME)).as("fenced").isEmpty();

        assertThat(sensor.cursors()).hasSize(1);
        assertThat(store.ticks(TickRecord.Source.SENSOR, NAME, 1000, Optional.empty()))
                .hasSize((int) before + 1);
        assertThat(store.find(TickRecord.Source.SENSOR, NAME).orElseThrow().lastSlot())
                .contains(Instant.parse("2025-03-02T10:00:00Z"));

        clock.advance(Duration.ofHours(2)); // slot 2 began half a day after slot 1's middle
        assertThat(ticker.fire(NAME))
                .as("a fire's tick is named by its slot, not by the instant it fired")
                .hasValueSatisfying(t -> assertThat(t.tick()).isEqualTo(Instant.parse("2025-03-03T10:00:00Z")));
        assertThat(sensor.cursors()).hasSize(2);
        assertThat(ticker.tickNow(NAME))
                .as("a tick asked by hand ignores the slot")
                .isPresent();
        assertThat(sensor.cursors()).hasSize(3);
        assertThat(store.find(TickRecord.Source.SENSOR, NAME).orElseThrow().lastSlot())
                .contains(Instant.parse("2025-03-03T10:00:00Z"));
    }

    @Test
    void aFireWhoseLaunchIsRefusedStillUsesItsSlot() {
        sensors.stop(NAME, "test", "restart the slots");
        sensors.start(NAME, "test", "slots from 10:00, a day apart");
        // 1999 is before test/daily's first partition: the launch is refused
        sensor.script((context, cursor) -> SensorResult.launch(daily("1999-01-01")));
        clock.advance(Duration.ofDays(1));

        clock.advance(Duration.ofHours(3)); // a late fire, still in slot 1

        assertThat(ticker.fire(NAME)).hasValueSatisfying(t -> {
            assertThat(t.outcome()).isInstanceOf(TickOutcome.Failed.class);
            assertThat(t.tick()).isEqualTo(Instant.parse("2025-03-02T10:00:00Z"));
        });
        assertThat(ticker.fire(NAME)).as("fenced").isEmpty();
        assertThat(sensor.cursors()).hasSize(1);
    }

    @Test
    void aStoppedSensorIsNotEvaluated() {
        sensors.stop(NAME, "test", "stopped for the test");
        sensor.script((context, cursor) -> SensorResult.launch(daily(someDay())));
        long before = store.ticks(TickRecord.Source.SENSOR, NAME, 1000, Optional.empty())
                .size();

        assertThat(ticker.tickNow(NAME)).isEmpty();

        assertThat(sensor.cursors()).isEmpty();
        assertThat(store.ticks(TickRecord.Source.SENSOR, NAME, 1000, Optional.empty()))
                .hasSize((int) before);
        assertThat(store.find(TickRecord.Source.SENSOR, NAME).orElseThrow().status())
                .isEqualTo(AutomationStatus.STOPPED);
    }
}
