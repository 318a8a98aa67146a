package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** A materialization from the metadata store's event log: its sequence number (the cursor), what, by which run, when. */
public record MaterializationEvent(
        long sequence, AssetKey asset, Optional<String> partition, String runId, Instant at) {

    public MaterializationEvent {
        Objects.requireNonNull(asset, "asset");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(at, "at");
    }

    public AssetPartition assetPartition() {
        return new AssetPartition(asset, partition);
    }
}
