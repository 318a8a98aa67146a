package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillRuns;
import io.sluice.backfill.BackfillStatus;
import io.sluice.backfill.BackfillStore;
import io.sluice.backfill.PartitionRow;
import io.sluice.backfill.ProgressCounts;
import io.sluice.backfill.ProgressStatus;
import io.sluice.backfill.RunSpan;
import io.sluice.backfill.StatusSpan;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link BackfillRuns}: where each run of a backfill sits among its partitions, read with the runs'
 * status: counts, spans of one status, keyset pages both ways with a status filter, and a retry taking a dead run's
 * place. Run by a subclass per backend.
 */
public abstract class BackfillRunsContract extends StorePortContract {

    @Inject
    BackfillRuns spans;

    @Inject
    BackfillStore backfills;

    private Run groupRun(String group, AssetKey asset, Map<String, String> tags, List<String> partitions) {
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
                t0,
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

    private static String day(int i) {
        return java.time.LocalDate.of(2024, 1, 1).plusDays(i).toString();
    }

    /** Runs of {@code sizes} partitions each (0: an unpartitioned run), queued and placed one after the other. */
    private List<Run> launch(String group, AssetKey asset, int... sizes) {
        List<Run> runs = new ArrayList<>();
        List<RunSpan> placed = new ArrayList<>();
        int position = 0;
        for (int size : sizes) {
            List<String> partitions = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                partitions.add(day(position + i));
            }
            Run run = groupRun(group, asset, Map.of("sluice/backfill", group), partitions);
            runs.add(run);
            placed.add(RunSpan.of(run.id(), position, partitions));
            position += size;
        }
        QuarkusTransaction.requiringNew().run(() -> {
            queue.createAll(runs);
            spans.create(group, placed);
        });
        return runs;
    }

    private void end(Run run, RunStatus status) {
        assertThat(queue.claim(run.id(), t0)).isTrue();
        queue.finish(run.id(), status, t0.plusSeconds(1), 0, 0, 0, null);
    }

    @Test
    void countsAndSpansTellWhatRanFromWhatNeverRan() {
        String group = UUID.randomUUID().toString();
        List<Run> runs = launch(group, uniqueAsset(), 2, 2, 1, 2, 0);
        end(runs.get(0), RunStatus.SUCCESS);
        end(runs.get(1), RunStatus.SUCCESS);
        end(runs.get(2), RunStatus.FAILURE);
        queue.cancelGroup(group, t0.plusSeconds(2)); // the last two never started

        BackfillRuns.Standing standing = spans.standing(group);
        BackfillRuns.Counts counts = standing.counts();
        assertThat(counts.runs())
                .isEqualTo(ProgressCounts.of(
                        Map.of(ProgressStatus.SUCCEEDED, 2L, ProgressStatus.FAILED, 1L, ProgressStatus.SKIPPED, 2L)));
        assertThat(counts.partitions())
                .isEqualTo(ProgressCounts.of(
                        Map.of(ProgressStatus.SUCCEEDED, 4L, ProgressStatus.FAILED, 1L, ProgressStatus.SKIPPED, 2L)));

        assertThat(standing.spans())
                .containsExactly(
                        new StatusSpan(0, 4, day(0), day(3), ProgressStatus.SUCCEEDED, 2),
                        new StatusSpan(4, 1, day(4), day(4), ProgressStatus.FAILED, 1),
                        new StatusSpan(5, 2, day(5), day(6), ProgressStatus.SKIPPED, 1));
        assertThat(spans.standing("no-such-backfill").counts()).isEqualTo(BackfillRuns.Counts.NONE);
    }

    @Test
    void pagesOfPartitionsGoBothWaysByKeysetAndFilterByStatus() {
        String group = UUID.randomUUID().toString();
        int[] sizes = new int[16];
        java.util.Arrays.fill(sizes, 1);
        sizes[15] = 10; // one run of ten partitions: positions 15 to 24
        List<Run> runs = launch(group, uniqueAsset(), sizes);
        end(runs.get(3), RunStatus.FAILURE);
        end(runs.get(12), RunStatus.FAILURE);
        end(runs.get(0), RunStatus.SUCCESS);

        assertThat(positions(spans.after(group, -1, Optional.empty(), 10)))
                .containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(positions(spans.after(group, 9, Optional.empty(), 10)))
                .containsExactly(10L, 11L, 12L, 13L, 14L, 15L, 16L, 17L, 18L, 19L);
        assertThat(positions(spans.after(group, 19, Optional.empty(), 10))).containsExactly(20L, 21L, 22L, 23L, 24L);
        assertThat(positions(spans.before(group, 20, Optional.empty(), 10)))
                .containsExactly(10L, 11L, 12L, 13L, 14L, 15L, 16L, 17L, 18L, 19L);
        assertThat(positions(spans.before(group, 5, Optional.empty(), 10))).containsExactly(0L, 1L, 2L, 3L, 4L);
        assertThat(spans.after(group, 24, Optional.empty(), 10)).isEmpty();

        List<PartitionRow> page = spans.after(group, 14, Optional.empty(), 3);
        assertThat(page)
                .extracting(PartitionRow::partition, PartitionRow::runId, PartitionRow::status)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                day(15), runs.get(15).id(), ProgressStatus.QUEUED),
                        org.assertj.core.groups.Tuple.tuple(
                                day(16), runs.get(15).id(), ProgressStatus.QUEUED),
                        org.assertj.core.groups.Tuple.tuple(
                                day(17), runs.get(15).id(), ProgressStatus.QUEUED));
        assertThat(page.get(0).attempt()).isEqualTo(1);

        Optional<ProgressStatus> failed = Optional.of(ProgressStatus.FAILED);
        assertThat(positions(spans.after(group, -1, failed, 10))).containsExactly(3L, 12L);
        assertThat(positions(spans.after(group, 3, failed, 10))).containsExactly(12L);
        assertThat(positions(spans.before(group, 12, failed, 10))).containsExactly(3L);
        assertThat(spans.after(group, -1, failed, 10))
                .allSatisfy(r -> assertThat(r.endedAt()).isNotNull());
        assertThat(positions(spans.after(group, -1, Optional.of(ProgressStatus.SUCCEEDED), 10)))
                .containsExactly(0L);
        queue.cancelGroup(group, t0.plusSeconds(5));
        assertThat(spans.after(group, -1, Optional.of(ProgressStatus.SKIPPED), 30))
                .hasSize(22);
        assertThat(spans.after(group, -1, Optional.of(ProgressStatus.CANCELED), 30))
                .isEmpty();
    }

    @Test
    void aRunQueuedAgainAfterACrashTakesTheDeadRunsPlace() {
        String group = UUID.randomUUID().toString();
        AssetKey asset = uniqueAsset();
        List<Run> runs = launch(group, asset, 2, 1);
        Run dead = runs.get(0);
        end(dead, RunStatus.FAILURE);
        Run retry = groupRun(
                group,
                asset,
                Map.of("sluice/backfill", group, "sluice/parent-run", dead.id(), "sluice/attempt", "2"),
                dead.partitions());
        QuarkusTransaction.requiringNew().run(() -> {
            queue.create(retry);
            spans.replace(dead.id(), retry.id());
        });
        List<PartitionRow> rows = spans.after(group, -1, Optional.empty(), 10);
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0).runId()).isEqualTo(retry.id());
        assertThat(rows.get(0).attempt()).isEqualTo(2);
        assertThat(rows.get(0).previousRunId()).isEqualTo(dead.id());
        assertThat(rows.get(0).status()).isEqualTo(ProgressStatus.QUEUED);
        assertThat(spans.standing(group).counts().runs().total()).isEqualTo(2);
        assertThat(spans.standing(group).counts().partitions().failed()).isZero();
    }

    @Test
    void backfillsStoredWithoutSpansAreFound() {
        String without = UUID.randomUUID().toString();
        String with = UUID.randomUUID().toString();
        for (String id : List.of(without, with)) {
            backfills.create(new Backfill(
                    id,
                    BackfillStatus.COMPLETED,
                    List.of(AssetKey.parse("contract/daily")),
                    MaterializationMode.FULL_REFRESH,
                    "{}",
                    null,
                    "tester",
                    t0,
                    t0,
                    1,
                    1,
                    0,
                    null));
        }
        launch(with, uniqueAsset(), 1);
        assertThat(spans.backfillsWithoutSpans()).contains(without).doesNotContain(with);
    }

    private static List<Long> positions(List<PartitionRow> rows) {
        return rows.stream().map(PartitionRow::position).toList();
    }
}
