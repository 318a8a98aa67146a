package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A materialization from the metadata store's event log: its sequence number (the cursor), what, by which run, when, and
 * whether it changed anything a downstream reads ({@code changed} false: the run published its table without inserting
 * or removing a row, so the table reads exactly as before; see docs/automation.md). An eager downstream follows only
 * events that changed something.
 */
public record MaterializationEvent(
        long sequence, AssetKey asset, Optional<String> partition, String runId, Instant at, boolean changed) {

    public MaterializationEvent {
        Objects.requireNonNull(asset, "asset");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(at, "at");
    }

    /** An event that changed what it materialized. */
    public MaterializationEvent(long sequence, AssetKey asset, Optional<String> partition, String runId, Instant at) {
        this(sequence, asset, partition, runId, at, true);
    }

    public AssetPartition assetPartition() {
        return new AssetPartition(asset, partition);
    }
}
