package io.sluice.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.testing.StoreOnlyProfile;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A backfill stored before its runs' places were kept gets them from its runs' partitions. */
@QuarkusTest
@TestProfile(StoreOnlyProfile.class)
class BackfillSpansAtStartTest {

    private static final AssetKey DAILY = AssetKey.parse("test/daily");
    private static final AssetKey SUMMARY = AssetKey.parse("test/rollup_summary");

    @Inject
    BackfillSpansAtStart fill;

    @Inject
    BackfillStore store;

    @Inject
    BackfillRuns spans;

    @Inject
    RunQueue queue;

    private static Run run(String group, AssetKey asset, List<String> partitions, Map<String, String> tags) {
        return new Run(
                UUID.randomUUID().toString(),
                RunStatus.QUEUED,
                MaterializationMode.FULL_REFRESH,
                List.of(asset),
                List.of(),
                partitions,
                "{}",
                null,
                "tester",
                Instant.parse("2025-01-01T00:00:00Z"),
                null,
                null,
                0,
                0,
                0,
                null,
                false,
                List.of(RunStep.queued(0, asset)),
                RunKind.MATERIALIZE,
                null,
                group,
                tags);
    }

    @Test
    void runsArePlacedInTheOrderOfTheBackfillsPartitionsAndARetryInTheDeadRunsPlace() {
        String id = UUID.randomUUID().toString();
        store.create(new Backfill(
                id,
                BackfillStatus.RUNNING,
                List.of(DAILY, SUMMARY),
                MaterializationMode.FULL_REFRESH,
                "{}",
                null,
                "tester",
                Instant.parse("2025-01-01T00:00:00Z"),
                null,
                4,
                5,
                0,
                null));
        Map<String, String> tags = Map.of("sluice/backfill", id);
        Run third = run(id, DAILY, List.of("2023-03-05"), tags);
        Run first = run(id, DAILY, List.of("2023-03-01", "2023-03-02"), tags);
        Run dead = run(id, DAILY, List.of("2023-03-03", "2023-03-04"), tags);
        Run retry = run(
                id,
                DAILY,
                dead.partitions(),
                Map.of("sluice/backfill", id, "sluice/parent-run", dead.id(), "sluice/attempt", "2"));
        Run summary = run(id, SUMMARY, List.of(), tags);
        QuarkusTransaction.requiringNew().run(() -> queue.createAll(List.of(third, summary, first, dead)));
        // the run that died with the process ends FAILURE (releasing its partitions) before its retry is queued
        QuarkusTransaction.requiringNew().run(() -> {
            queue.finish(dead.id(), RunStatus.FAILURE, Instant.parse("2025-01-01T00:01:00Z"), 0, 0, 0, "died");
            queue.create(retry);
        });
        assertThat(spans.backfillsWithoutSpans()).contains(id);

        fill.fill(id);

        assertThat(spans.backfillsWithoutSpans()).doesNotContain(id);
        List<PartitionRow> rows = spans.after(id, -1, Optional.empty(), 10);
        assertThat(rows)
                .extracting(PartitionRow::position, PartitionRow::partition, PartitionRow::runId)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(0L, "2023-03-01", first.id()),
                        org.assertj.core.groups.Tuple.tuple(1L, "2023-03-02", first.id()),
                        org.assertj.core.groups.Tuple.tuple(2L, "2023-03-03", retry.id()),
                        org.assertj.core.groups.Tuple.tuple(3L, "2023-03-04", retry.id()),
                        org.assertj.core.groups.Tuple.tuple(4L, "2023-03-05", third.id()));
        assertThat(spans.standing(id).counts().runs().total())
                .as("4 runs: the dead one's place is the retry's, and the summary's run holds no partition")
                .isEqualTo(4);
        assertThat(spans.standing(id).counts().partitions().total()).isEqualTo(5);
    }
}
