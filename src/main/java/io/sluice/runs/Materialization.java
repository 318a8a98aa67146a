package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.time.Instant;

/** The event that a run wrote an asset (or one partition of it), with the asset's metadata. */
public record Materialization(
        String runId,
        AssetKey asset,
        String partition,
        Instant ts,
        long rowsWritten,
        long keyCount,
        long batchCount,
        long durationMs,
        String metadataJson) {}
