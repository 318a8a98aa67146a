package io.sluice.automation.upkeep;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.automation.sensor.SensorTestProfile;
import io.sluice.automation.sensor.SettableClock;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Tick history is pruned by the upkeep, for every kind of automation, at the configured retention (30 days), whether or
 * not any schedule runs: before, only a schedule's tick pruned, so a sensor's history grew for ever.
 */
@QuarkusTest
@TestProfile(SensorTestProfile.class)
class AutomationUpkeepTest {

    private static final Instant NOW = Instant.parse("2020-06-01T00:00:00Z");

    @Inject
    AutomationUpkeep upkeep;

    @Inject
    AutomationStore store;

    @Inject
    SettableClock clock;

    @AfterEach
    void release() {
        clock.release();
    }

    @Test
    void historyOfSensorsSchedulesAndTriggersOlderThanTheRetentionIsPrunedWhileNothingTicks() {
        String name = "upkeep-" + UUID.randomUUID();
        Instant old = NOW.minus(Duration.ofDays(31));
        Instant kept = NOW.minus(Duration.ofDays(29));
        QuarkusTransaction.requiringNew().run(() -> {
            for (TickRecord.Source source : TickRecord.Source.values()) {
                store.record(tick(source, name, old, "old"));
                store.record(tick(source, name, kept, "kept"));
            }
        });
        clock.set(NOW);

        assertThat(upkeep.prune()).isGreaterThanOrEqualTo(3);

        for (TickRecord.Source source : TickRecord.Source.values()) {
            List<StoredTick> left = store.ticks(source, name, 10, Optional.empty());
            assertThat(left)
                    .as(source + " history newer than 30 days is kept, older is gone")
                    .extracting(t -> t.tick().outcome().detail())
                    .containsExactly("kept");
        }
        assertThat(upkeep.prune()).as("nothing left to prune").isZero();
    }

    private static TickRecord tick(TickRecord.Source source, String name, Instant at, String reason) {
        return new TickRecord(source, name, at, at, new TickOutcome.Skipped(reason));
    }
}
