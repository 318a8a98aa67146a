package io.sluice.automation.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.BackfillLaunchRequest;
import io.sluice.automation.Launch;
import io.sluice.automation.LaunchMode;
import io.sluice.automation.LaunchRequest;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.backfill.BackfillService;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.testing.StoreOnlyProfile;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * The launcher turns automation's launch values into runs and backfills in the caller's transaction: with their tags,
 * beside the cursor, all or nothing. Runs are not executed in this profile, so they stay as launched.
 */
@QuarkusTest
@TestProfile(StoreOnlyProfile.class)
class AutomationLauncherTest {

    private static final AssetKey DAILY = AssetKey.parse("test/daily");

    @Inject
    AutomationLauncher launcher;

    @Inject
    AutomationStore store;

    @Inject
    RunHistory history;

    @Inject
    BackfillService backfills;

    /**
     * A day of test/daily (from 2024-01-01) among {@code [from, from + 200)} days; each test draws from its own span,
     * and at random, as runs of earlier runs of this class may still be queued in the store.
     */
    private static LocalDate someDay(int from) {
        return LocalDate.of(2024, 1, 1)
                .plusDays(from + ThreadLocalRandom.current().nextInt(0, 200));
    }

    @Test
    void aRunAndABackfillAreLaunchedWithTheirTagsBesideTheCursor() {
        String schedule = "launcher_" + UUID.randomUUID().toString().replace("-", "");
        store.ensure(TickRecord.Source.SCHEDULE, schedule, AutomationStatus.RUNNING, Instant.now());
        LocalDate day = someDay(0);
        Map<String, String> tags = Map.of(Launch.SCHEDULE_TAG, schedule);
        List<Launch> launches = List.of(
                new LaunchRequest(
                        List.of(DAILY),
                        LaunchMode.FULL_REFRESH,
                        List.of(PartitionKeyRange.single(day.toString())),
                        List.of(),
                        Map.of(),
                        "schedule " + schedule,
                        tags),
                new BackfillLaunchRequest(
                        List.of(DAILY),
                        LaunchMode.INCREMENTAL,
                        List.of(new PartitionKeyRange(
                                day.plusDays(300).toString(), day.plusDays(302).toString())),
                        Map.of(),
                        "schedule " + schedule,
                        tags));
        AutomationLauncher.Launched launched = QuarkusTransaction.requiringNew().call(() -> {
            AutomationLauncher.Launched l = launcher.launchAll(launches, "schedule:" + schedule);
            store.save(store.lock(TickRecord.Source.SCHEDULE, schedule)
                    .orElseThrow()
                    .withCursor("2030-01-01T00:00:00Z", Instant.now()));
            store.record(new TickRecord(
                    TickRecord.Source.SCHEDULE,
                    schedule,
                    Instant.now(),
                    Instant.now(),
                    new TickOutcome.Launched(l.runIds(), l.backfillIds())));
            return l;
        });
        assertThat(launched.runIds()).hasSize(1);
        assertThat(launched.backfillIds()).hasSize(1);
        Run run = history.find(launched.runIds().get(0)).orElseThrow();
        assertThat(run.tags()).containsEntry(Launch.SCHEDULE_TAG, schedule);
        assertThat(run.launchedBy()).isEqualTo("schedule:" + schedule);
        assertThat(run.partitions()).containsExactly(day.toString());
        assertThat(backfills.get(launched.backfillIds().get(0)).tags()).containsEntry(Launch.SCHEDULE_TAG, schedule);
        assertThat(backfills.get(launched.backfillIds().get(0)).partitionCount())
                .isEqualTo(3);
        assertThat(store.find(TickRecord.Source.SCHEDULE, schedule)
                        .orElseThrow()
                        .cursor())
                .contains("2030-01-01T00:00:00Z");
    }

    @Test
    void aRefusedLaunchRollsBackTheOtherLaunchesAndTheCursor() {
        String sensor = "launcher_" + UUID.randomUUID().toString().replace("-", "");
        store.ensure(TickRecord.Source.SENSOR, sensor, AutomationStatus.RUNNING, Instant.now());
        LocalDate day = someDay(550);
        List<Launch> launches = List.of(
                LaunchRequest.of(List.of(DAILY), List.of(PartitionKeyRange.single(day.toString())), "ok"),
                LaunchRequest.of(List.of(AssetKey.parse("test/no_such_asset")), List.of(), "refused"));
        assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() -> {
                    store.save(store.lock(TickRecord.Source.SENSOR, sensor)
                            .orElseThrow()
                            .withCursor("c1", Instant.now()));
                    launcher.launchAll(launches, "sensor:" + sensor);
                }))
                .isInstanceOf(RequestRejected.class)
                .hasMessageContaining("test/no_such_asset");
        assertThat(store.find(TickRecord.Source.SENSOR, sensor).orElseThrow().cursor())
                .isEmpty();
        assertThat(QuarkusTransaction.requiringNew()
                        .call(() -> launcher.launchAll(
                                List.of(LaunchRequest.of(
                                        List.of(DAILY), List.of(PartitionKeyRange.single(day.toString())), "again")),
                                "sensor:" + sensor)))
                .as("the first launch of the refused tick stored nothing, so its partition is free")
                .satisfies(l -> assertThat(l.runIds()).hasSize(1));
    }

    @Test
    void aRangeInOneRunIsEveryKeyOfIt() {
        LocalDate day = someDay(800);
        AutomationLauncher.Launched launched = QuarkusTransaction.requiringNew()
                .call(() -> launcher.launchAll(
                        List.of(LaunchRequest.of(
                                List.of(DAILY),
                                List.of(new PartitionKeyRange(
                                        day.toString(), day.plusDays(2).toString())),
                                "range")),
                        "trigger"));
        assertThat(history.find(launched.runIds().get(0)).orElseThrow().partitions())
                .containsExactly(
                        day.toString(),
                        day.plusDays(1).toString(),
                        day.plusDays(2).toString());
    }
}
