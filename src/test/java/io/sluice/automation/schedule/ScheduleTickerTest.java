package io.sluice.automation.schedule;

import static io.sluice.automation.schedule.ScheduleFixture.cursor;
import static io.sluice.automation.schedule.ScheduleFixture.newestTick;
import static io.sluice.automation.schedule.ScheduleFixture.ticksAfter;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.Launch;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.QueuePlace;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunRequest;
import io.sluice.runs.RunService;
import io.sluice.testing.ScheduleProfile;
import io.sluice.testing.TestSchedules;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The tick handler at instants the test sets (no sleeping for cron time): once per due tick, from the stored cursor,
 * yesterday's partition with the schedule's tags, both misfire policies after downtime, nothing when stopped, and a
 * refused launch recorded as a failed tick. Runs are not executed here, so they stay as the ticks launched them. Each
 * test uses days of its own of {@code test/daily}.
 */
@QuarkusTest
@TestProfile(ScheduleProfile.class)
class ScheduleTickerTest {

    /** The example's schedule (io.sluice.example.FormAdvSchedules; tests do not import the example). */
    private static final String EXAMPLE = "form_adv_daily";

    @Inject
    ScheduleTicker ticker;

    @Inject
    AutomationStore store;

    @Inject
    RunHistory history;

    @Inject
    RunService runs;

    @AfterEach
    void stopThem() {
        for (String name : List.of(TestSchedules.DAILY, TestSchedules.CATCHING_UP, EXAMPLE)) {
            ScheduleFixture.stopped(store, name, Instant.parse("2024-01-01T00:00:00Z"));
        }
    }

    @Test
    void aDueTickLaunchesYesterdaysPartitionOnceWithTheSchedulesTags() {
        String name = TestSchedules.DAILY;
        ScheduleFixture.running(store, name, Instant.parse("2024-03-01T00:10:00Z"));
        long before = newestTick(store, name);
        Instant now = Instant.parse("2024-03-02T00:15:00Z");

        List<TickRecord> recorded = ticker.tick(name, now);

        assertThat(recorded).hasSize(1);
        TickRecord tick = recorded.get(0);
        assertThat(tick.tick()).isEqualTo(Instant.parse("2024-03-02T00:10:00Z"));
        assertThat(tick.outcome()).isInstanceOf(TickOutcome.Launched.class);
        List<String> ids = ((TickOutcome.Launched) tick.outcome()).runIds();
        assertThat(ids).hasSize(1);
        Run run = history.find(ids.get(0)).orElseThrow();
        assertThat(run.partitions()).containsExactly("2024-03-01");
        assertThat(run.launchedBy()).isEqualTo("schedule:" + name);
        assertThat(run.tags())
                .containsEntry(Launch.SCHEDULE_TAG, name)
                .containsEntry(Launch.TICK_TAG, "2024-03-02T00:10:00Z");
        assertThat(cursor(store, name)).isEqualTo(Instant.parse("2024-03-02T00:10:00Z"));
        assertThat(ticksAfter(store, name, before)).containsExactly(tick);

        assertThat(ticker.tick(name, now))
                .as("a second call at the same instant")
                .isEmpty();
        assertThat(ticker.tick(name, Instant.parse("2024-03-03T00:09:59Z")))
                .as("before the next tick")
                .isEmpty();
        assertThat(ticksAfter(store, name, before)).hasSize(1);

        List<TickRecord> next = ticker.tick(name, Instant.parse("2024-03-03T00:10:00Z"));
        assertThat(next).hasSize(1);
        Run second = history.find(
                        ((TickOutcome.Launched) next.get(0).outcome()).runIds().get(0))
                .orElseThrow();
        assertThat(second.partitions()).containsExactly("2024-03-02");
    }

    @Test
    void skipFiresOnlyTheLatestTickAfterDowntimeAndRecordsTheMissedOnes() {
        String name = TestSchedules.DAILY;
        ScheduleFixture.running(store, name, Instant.parse("2024-04-01T00:10:00Z"));

        List<TickRecord> recorded = ticker.tick(name, Instant.parse("2024-04-06T01:00:00Z"));

        assertThat(recorded).hasSize(2);
        assertThat(recorded.get(0).outcome())
                .isInstanceOfSatisfying(
                        TickOutcome.Skipped.class,
                        s -> assertThat(s.reason())
                                .contains("SKIP")
                                .contains("4 ticks from 2024-04-02T00:10:00Z to 2024-04-05T00:10:00Z"));
        assertThat(recorded.get(1).tick()).isEqualTo(Instant.parse("2024-04-06T00:10:00Z"));
        assertThat(partitionsOf(recorded)).containsExactly(List.of("2024-04-05"));
        assertThat(cursor(store, name)).isEqualTo(Instant.parse("2024-04-06T00:10:00Z"));
    }

    @Test
    void catchUpFiresTheNewestTicksOldestFirstAfterDowntime() {
        String name = TestSchedules.CATCHING_UP;
        ScheduleFixture.running(store, name, Instant.parse("2024-05-01T00:10:00Z"));

        List<TickRecord> recorded = ticker.tick(name, Instant.parse("2024-05-06T01:00:00Z"));

        assertThat(recorded).hasSize(4);
        assertThat(recorded.get(0).outcome())
                .isInstanceOfSatisfying(
                        TickOutcome.Skipped.class,
                        s -> assertThat(s.reason()).contains("CATCH_UP 3").contains("2 ticks"));
        assertThat(recorded.subList(1, 4))
                .extracting(TickRecord::tick)
                .containsExactly(
                        Instant.parse("2024-05-04T00:10:00Z"),
                        Instant.parse("2024-05-05T00:10:00Z"),
                        Instant.parse("2024-05-06T00:10:00Z"));
        assertThat(partitionsOf(recorded))
                .containsExactly(List.of("2024-05-03"), List.of("2024-05-04"), List.of("2024-05-05"));
        assertThat(cursor(store, name)).isEqualTo(Instant.parse("2024-05-06T00:10:00Z"));
        assertThat(ticker.tick(name, Instant.parse("2024-05-06T01:00:00Z"))).isEmpty();
    }

    @Test
    void aStoppedScheduleDoesNothing() {
        String name = TestSchedules.DAILY;
        Instant cursor = Instant.parse("2024-07-01T00:10:00Z");
        ScheduleFixture.stopped(store, name, cursor);
        long before = newestTick(store, name);

        assertThat(ticker.tick(name, Instant.parse("2024-07-09T00:15:00Z"))).isEmpty();

        assertThat(cursor(store, name)).isEqualTo(cursor);
        assertThat(ticksAfter(store, name, before)).isEmpty();
    }

    @Test
    void aTickWhosePartitionIsBusyQueuesItsRunBehindTheHolderAndTheCursorMovesOn() {
        String name = TestSchedules.DAILY;
        Run holder = runs.launch(new RunRequest(
                List.of("test/daily"),
                MaterializationMode.INCREMENTAL,
                List.of(),
                List.of("2024-06-01"),
                Map.of(),
                "holds the partition",
                "test"));
        ScheduleFixture.running(store, name, Instant.parse("2024-06-01T00:10:00Z"));

        List<TickRecord> recorded = ticker.tick(name, Instant.parse("2024-06-02T00:15:00Z"));

        assertThat(recorded).hasSize(1);
        assertThat(recorded.get(0).tick()).isEqualTo(Instant.parse("2024-06-02T00:10:00Z"));
        Run queued = history.find(((TickOutcome.Launched) recorded.get(0).outcome())
                        .runIds()
                        .get(0))
                .orElseThrow();
        assertThat(queued.partitions()).containsExactly("2024-06-01");
        assertThat(runs.queuePlace(queued).orElseThrow().ahead())
                .as("a busy partition queues the tick's run behind the run that holds it (busy-partition=queue)")
                .extracting(QueuePlace.Waited::runId)
                .containsExactly(holder.id());
        assertThat(cursor(store, name)).isEqualTo(Instant.parse("2024-06-02T00:10:00Z"));
        assertThat(ticker.tick(name, Instant.parse("2024-06-02T00:15:00Z")))
                .as("the tick is not launched again")
                .isEmpty();
    }

    @Test
    void theExampleIsStoppedByDefaultAndLandsTheDayThatEndedIntoExtractAndRaw() {
        assertThat(store.find(TickRecord.Source.SCHEDULE, EXAMPLE).orElseThrow().status())
                .isEqualTo(AutomationStatus.STOPPED);
        ScheduleFixture.running(store, EXAMPLE, Instant.parse("2025-03-01T00:10:00Z"));

        List<TickRecord> recorded = ticker.tick(EXAMPLE, Instant.parse("2025-03-02T00:10:00Z"));

        assertThat(recorded).hasSize(1);
        Run run = history.find(((TickOutcome.Launched) recorded.get(0).outcome())
                        .runIds()
                        .get(0))
                .orElseThrow();
        assertThat(run.assets())
                .extracting(Object::toString)
                .containsExactly("extract/form_adv_filings", "raw/form_adv_filings");
        assertThat(run.partitions()).containsExactly("2025-03-01");
    }

    /** The partitions of each run the launched entries of {@code recorded} name, in order. */
    private List<List<String>> partitionsOf(List<TickRecord> recorded) {
        return recorded.stream()
                .filter(t -> t.outcome() instanceof TickOutcome.Launched)
                .flatMap(t -> ((TickOutcome.Launched) t.outcome()).runIds().stream())
                .map(id -> history.find(id).orElseThrow().partitions())
                .toList();
    }
}
