package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetState;
import io.sluice.runs.PartitionState;
import io.sluice.runs.Run;
import io.sluice.runs.RunStatus;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The contract of asset state ({@link AssetState}): partition reservations by run, outcomes and watermarks. Run by a subclass per backend. */
public abstract class AssetStateContract extends StorePortContract {

    @Test
    void theRunsOfAnAssetPartitionAreTheQueuedStartedAndWaitingOnesOnly() {
        AssetKey a = uniqueAsset();
        Run started = partitionedRun(a, "eu", "us");
        Run queued = partitionedRun(a, "apac");
        Run finished = partitionedRun(a, "latam");
        queue.createAll(List.of(started, queued, finished));
        queue.claim(started.id(), t0);
        queue.claim(finished.id(), t0);
        queue.finish(finished.id(), RunStatus.FAILURE, t0.plusSeconds(1), 0, 0, 0, "boom");
        Run waiting = partitionedRun(a, "us");
        queue.createAll(List.of(waiting), true);
        assertThat(assets.activeRunsByPartition(a))
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "eu",
                        Set.of(started.id()),
                        "us",
                        Set.of(started.id(), waiting.id()),
                        "apac",
                        Set.of(queued.id())));
        assertThat(assets.activeRunsByPartition(uniqueAsset())).isEmpty();

        queue.cancel(queued.id(), t0.plusSeconds(2));
        queue.cancel(waiting.id(), t0.plusSeconds(2));
        queue.finish(started.id(), RunStatus.SUCCESS, t0.plusSeconds(2), 0, 0, 0, null);
        assertThat(assets.activeRunsByPartition(a))
                .as("finished runs hold no partition")
                .isEmpty();
    }

    @Test
    void outcomesAreEachPartitionsLatestWithItsTimeInKeyOrder() {
        AssetKey a = uniqueAsset();
        assets.recordPartitionOutcome(a, List.of("2024-01-03", "2024-01-01"), "MATERIALIZED", "run-1", t0);
        assets.recordPartitionOutcome(a, List.of("2024-01-02"), "FAILED", "run-1", t0);
        assets.recordPartitionOutcome(a, List.of("2024-01-03"), "FAILED", "run-2", t0.plusSeconds(5));
        assets.recordPartitionOutcome(uniqueAsset(), List.of("2024-01-01"), "FAILED", "run-3", t0);

        assertThat(assets.outcomes(a, true))
                .containsExactly(
                        new AssetState.Outcome("2024-01-01", "MATERIALIZED", t0),
                        new AssetState.Outcome("2024-01-02", "FAILED", t0),
                        new AssetState.Outcome("2024-01-03", "FAILED", t0.plusSeconds(5)));
        assertThat(assets.outcomes(a, false))
                .containsExactly(
                        new AssetState.Outcome("2024-01-01", "MATERIALIZED", null),
                        new AssetState.Outcome("2024-01-02", "FAILED", null),
                        new AssetState.Outcome("2024-01-03", "FAILED", null));
        assertThat(assets.outcomes(uniqueAsset(), true)).isEmpty();
        assertThat(assets.materializedAt(a))
                .as("01-03 failed after it was materialized: its data, and when it was materialized, stay")
                .containsOnly(Map.entry("2024-01-01", t0), Map.entry("2024-01-03", t0));
    }

    @Test
    void watermarksPerAssetAndPartition() {
        AssetKey a = uniqueAsset();
        Run run = newRun(a);
        queue.create(run);
        assertThat(assets.watermark(a, null)).isEmpty();
        assets.saveWatermark(a, null, "2024-05-01", run.id(), t0);
        assets.saveWatermark(a, "2024-01-02", "p1", run.id(), t0);
        assets.saveWatermark(a, null, "2024-06-01", run.id(), t0.plusSeconds(1));
        assertThat(assets.watermark(a, null)).contains("2024-06-01");
        assertThat(assets.watermark(a, "2024-01-02")).contains("p1");
    }

    /**
     * The catalog's health column counts every partitioned asset's states in a few reads: stored outcomes by status,
     * those a queued or started run covers as in progress whatever their outcome, those an upstream asset with the same
     * partitions materialized later as stale, and MISSING (a rollback's) as not there.
     */
    @Test
    void partitionCountsOfManyAssetsAtOnceAsThePartitionStatusCountsThem() {
        AssetKey up = uniqueAsset();
        AssetKey down = uniqueAsset();
        AssetKey alone = uniqueAsset();
        assets.recordPartitionOutcome(up, List.of("d1", "d2", "d3"), "MATERIALIZED", "run-u1", t0);
        assets.recordPartitionOutcome(
                down, List.of("d1", "d2", "d3", "d4"), "MATERIALIZED", "run-d1", t0.plusSeconds(10));
        assets.recordPartitionOutcome(down, List.of("d5"), "FAILED", "run-d1", t0.plusSeconds(10));
        assets.recordPartitionOutcome(down, List.of("d6"), "MISSING", "run-d1", t0.plusSeconds(10));
        // the upstream asset materialized d2 and d3 again after: stale downstream
        assets.recordPartitionOutcome(up, List.of("d2", "d3"), "MATERIALIZED", "run-u2", t0.plusSeconds(20));
        assets.recordPartitionOutcome(alone, List.of("x1", "x2"), "FAILED", "run-a1", t0);
        // a queued run covers d3 (stale otherwise) and d7 (never materialized)
        queue.createAll(List.of(partitionedRun(down, "d3", "d7")));

        Map<AssetKey, Map<PartitionState, Long>> counts =
                assets.partitionCounts(List.of(up, down, alone, uniqueAsset()), Map.of(down, Set.of(up)));

        assertThat(counts.get(down))
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        PartitionState.MATERIALIZED, 2L, // d1, d4
                        PartitionState.STALE, 1L, // d2
                        PartitionState.FAILED, 1L, // d5
                        PartitionState.IN_PROGRESS, 2L)); // d3, d7
        assertThat(counts.get(up)).containsExactlyInAnyOrderEntriesOf(Map.of(PartitionState.MATERIALIZED, 3L));
        assertThat(counts.get(alone)).containsExactlyInAnyOrderEntriesOf(Map.of(PartitionState.FAILED, 2L));
        assertThat(counts).hasSize(3);
        assertThat(assets.partitionCounts(List.of(down), Map.of()).get(down))
                .as("without upstream assets of the same partitions nothing is stale")
                .containsEntry(PartitionState.MATERIALIZED, 3L)
                .doesNotContainKey(PartitionState.STALE);
    }
}
