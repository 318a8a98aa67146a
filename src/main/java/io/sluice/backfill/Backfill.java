package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import java.time.Instant;
import java.util.List;

/** A stored backfill: what was asked (the request as JSON), by whom and why, and where it stands. */
public record Backfill(
        String id,
        BackfillStatus status,
        List<AssetKey> assets,
        MaterializationMode mode,
        String requestJson,
        String reason,
        String launchedBy,
        Instant createdAt,
        Instant endedAt,
        long partitionCount,
        int runCount,
        int maxConcurrent,
        String parentId) {

    public Backfill {
        assets = List.copyOf(assets);
    }
}
