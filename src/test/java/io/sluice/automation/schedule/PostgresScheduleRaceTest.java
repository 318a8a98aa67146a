package io.sluice.automation.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.testing.PostgresProfile;
import io.sluice.testing.TestSchedules;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * On PostgreSQL (embedded), two tick handlers on the same due tick, in two threads and two transactions, as two nodes
 * woken by a doubled wake-up would be: the state row's lock lets one handle it; the other finds the cursor moved.
 */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresScheduleRaceTest {

    @Inject
    ScheduleTicker ticker;

    @Inject
    AutomationStore store;

    @Test
    void twoHandlersRacingOnOneTickLaunchItOnce() throws Exception {
        String name = TestSchedules.DAILY;
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 5; round++) {
                Instant cursor = Instant.parse("2024-09-01T00:10:00Z").plusSeconds(86_400L * round);
                Instant now = cursor.plusSeconds(86_400 + 60);
                ScheduleFixture.running(store, name, cursor);
                long before = ScheduleFixture.newestTick(store, name);
                CountDownLatch go = new CountDownLatch(1);
                List<Future<List<TickRecord>>> both = new ArrayList<>();
                for (int t = 0; t < 2; t++) {
                    both.add(threads.submit(() -> {
                        go.await();
                        return ticker.tick(name, now);
                    }));
                }
                go.countDown();
                int handled = 0;
                for (Future<List<TickRecord>> f : both) {
                    handled += f.get().size();
                }
                assertThat(handled)
                        .as("round " + round + ": one of the two handled the tick")
                        .isEqualTo(1);
                List<TickRecord> recorded = ScheduleFixture.ticksAfter(store, name, before);
                assertThat(recorded).hasSize(1);
                assertThat(((TickOutcome.Launched) recorded.get(0).outcome()).runIds())
                        .hasSize(1);
                assertThat(store.ticks(TickRecord.Source.SCHEDULE, name, 1, Optional.empty()))
                        .extracting(StoredTick::tick)
                        .containsExactlyElementsOf(recorded);
            }
        } finally {
            threads.shutdownNow();
            ScheduleFixture.stopped(store, name, Instant.parse("2024-01-01T00:00:00Z"));
        }
    }
}
