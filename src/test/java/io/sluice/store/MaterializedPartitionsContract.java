package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetState;
import io.sluice.runs.Materialization;
import io.sluice.runs.MaterializedPartitions;
import io.sluice.runs.RunEventLog;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What a step's upstream check reads from the metadata store, run by a subclass per backend (H2, PostgreSQL). */
public abstract class MaterializedPartitionsContract {

    @Inject
    RunEventLog events;

    @Inject
    AssetState assetState;

    @Inject
    MaterializedPartitions materialized;

    private static final Instant T0 = Instant.parse("2030-02-01T00:00:00Z");

    private static AssetKey uniqueAsset() {
        return AssetKey.of("contract", "m" + UUID.randomUUID().toString().replace("-", ""));
    }

    @Test
    void partitionsCountWhileTheyHoldMaterializedDataWhateverTheirLatestOutcome() {
        AssetKey a = uniqueAsset();
        assertThat(materialized.any(a)).isFalse();
        assetState.recordPartitionOutcome(
                a, List.of("2024-01-01", "2024-01-02", "2024-01-03"), "MATERIALIZED", "r1", T0);
        // a later run failed on 01-02: FAILED, with r1's data still there; a rollback removed 01-03's data; 01-05
        // failed and was never materialized
        assetState.recordPartitionOutcome(a, List.of("2024-01-02", "2024-01-05"), "FAILED", "r2", T0.plusSeconds(1));
        assetState.recordPartitionOutcome(a, List.of("2024-01-03"), "MISSING", "r3", T0.plusSeconds(2));
        assertThat(assetState.partitionOutcomes(a))
                .containsEntry("2024-01-02", "FAILED")
                .containsEntry("2024-01-05", "FAILED");
        assertThat(materialized.among(a, List.of("2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05")))
                .containsExactlyInAnyOrder("2024-01-01", "2024-01-02");
        assertThat(assetState.materializedAt(a)).containsOnlyKeys("2024-01-01", "2024-01-02");
        assertThat(materialized.any(a)).isTrue();
        assertThat(materialized.among(uniqueAsset(), List.of("2024-01-01")))
                .as("another asset's partitions")
                .isEmpty();
        assertThat(materialized.among(a, List.of())).isEmpty();
    }

    @Test
    void manyPartitionsAreAskedForInChunks() {
        AssetKey a = uniqueAsset();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 1_234; i++) {
            keys.add(String.format("k%05d", i));
        }
        assetState.recordPartitionOutcome(a, keys.subList(0, 1_200), "MATERIALIZED", "r1", T0);
        assertThat(materialized.among(a, keys))
                .hasSize(1_200)
                .contains("k00000", "k01199")
                .doesNotContain("k01200");
    }

    @Test
    void anAssetIsWrittenOnceItHasAMaterialization() {
        AssetKey a = uniqueAsset();
        assertThat(materialized.written(a)).isFalse();
        events.recordMaterialization(new Materialization("r1", a, null, T0, 1, 0, 1, 3, "{}"));
        assertThat(materialized.written(a)).isTrue();
        assertThat(materialized.any(a))
                .as("an unpartitioned asset has no partition status")
                .isFalse();
    }
}
