package io.sluice.automation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The sensor slots at their exact boundaries: named by their middles, the trigger's phase, the fence. */
class SensorSlotsTest {

    private static final Instant START = Instant.parse("2025-03-01T10:00:00.250Z");
    private static final Duration TEN_S = Duration.ofSeconds(10);

    @Test
    void aSlotIsHalfAnIntervalEitherSideOfItsMiddle() {
        assertThat(SensorSlots.slot(START, TEN_S, START)).isEqualTo(START);
        assertThat(SensorSlots.slot(START, TEN_S, START.plusMillis(4_999))).isEqualTo(START);
        assertThat(SensorSlots.slot(START, TEN_S, START.plusMillis(5_000))).isEqualTo(START.plusSeconds(10));
        assertThat(SensorSlots.slot(START, TEN_S, START.plusMillis(10_000))).isEqualTo(START.plusSeconds(10));
        assertThat(SensorSlots.slot(START, TEN_S, START.plusMillis(14_999))).isEqualTo(START.plusSeconds(10));
        assertThat(SensorSlots.slot(START, TEN_S, START.plusMillis(15_000))).isEqualTo(START.plusSeconds(20));
        assertThat(SensorSlots.slot(START, TEN_S, START.minusMillis(5_001))).isEqualTo(START.minusSeconds(10));
    }

    @Test
    void aNewTriggerFiresOneIntervalAfterTheStartThenAtTheNextMiddleAfterNow() {
        assertThat(SensorSlots.startAt(START, TEN_S, START)).isEqualTo(START.plusSeconds(10));
        assertThat(SensorSlots.startAt(START, TEN_S, START.plusSeconds(3))).isEqualTo(START.plusSeconds(10));
        assertThat(SensorSlots.startAt(START, TEN_S, START.plusSeconds(10))).isEqualTo(START.plusSeconds(20));
        assertThat(SensorSlots.startAt(START, TEN_S, START.plusMillis(10_001))).isEqualTo(START.plusSeconds(20));
        assertThat(SensorSlots.startAt(START, TEN_S, START.plusMillis(17_000))).isEqualTo(START.plusSeconds(20));
        assertThat(SensorSlots.startAt(START, TEN_S, START.plusSeconds(3_600 * 24 + 1)))
                .isEqualTo(START.plusSeconds(3_600 * 24 + 10));
    }

    @Test
    void aTriggerIsInPhaseOnlyAtASlotMiddleToTheMillisecond() {
        assertThat(SensorSlots.inPhase(START, TEN_S, START.plusSeconds(70))).isTrue();
        assertThat(SensorSlots.inPhase(START, TEN_S, START.plusSeconds(70).plusMillis(1)))
                .isFalse();
        assertThat(SensorSlots.inPhase(START, TEN_S, START.plusSeconds(75))).isFalse();
        assertThat(SensorSlots.inPhase(START.plusNanos(999_999), TEN_S, START.plusSeconds(70)))
                .as("a start kept to the microsecond counts in whole milliseconds, as Quartz does")
                .isTrue();
    }

    @Test
    void aSlotIsDueOnlyAfterTheLastOneEvaluated() {
        Instant slot = START.plusSeconds(20);
        assertThat(SensorSlots.due(Optional.empty(), slot)).isTrue();
        assertThat(SensorSlots.due(Optional.of(START.plusSeconds(10)), slot)).isTrue();
        assertThat(SensorSlots.due(Optional.of(slot), slot)).isFalse();
        assertThat(SensorSlots.due(Optional.of(START.plusSeconds(30)), slot)).isFalse();
    }

    @Test
    void aStartBeginsNewSlots() {
        AutomationState evaluated = new AutomationState(
                        TickRecord.Source.SENSOR,
                        "s",
                        AutomationStatus.RUNNING,
                        Optional.empty(),
                        Optional.of(START),
                        START,
                        Optional.empty())
                .withLastSlot(START.plusSeconds(3_600), START.plusSeconds(3_600));
        assertThat(evaluated.withCursor("c", START.plusSeconds(3_601)).lastSlot())
                .contains(START.plusSeconds(3_600));
        AutomationState stopped = evaluated.withStatus(AutomationStatus.STOPPED, START.plusSeconds(3_602));
        assertThat(stopped.lastSlot()).contains(START.plusSeconds(3_600));
        AutomationState restarted = stopped.withStatus(AutomationStatus.RUNNING, START.plusSeconds(3_603));
        assertThat(restarted.lastSlot()).isEmpty();
        assertThat(restarted.startedAt()).contains(START.plusSeconds(3_603));
    }

    @Test
    void anIntervalUnderAMillisecondIsRefused() {
        assertThatThrownBy(() -> SensorSlots.slot(START, Duration.ofNanos(10), START))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("interval");
    }
}
