package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A stored backfill: what was asked (the request as JSON), by whom and why, where it stands and its runs' tags. */
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
        String parentId,
        Map<String, String> tags) {

    public Backfill {
        assets = List.copyOf(assets);
        tags = tags == null ? Map.of() : Map.copyOf(tags);
    }

    /** A backfill without tags. */
    public Backfill(
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
        this(
                id,
                status,
                assets,
                mode,
                requestJson,
                reason,
                launchedBy,
                createdAt,
                endedAt,
                partitionCount,
                runCount,
                maxConcurrent,
                parentId,
                Map.of());
    }
}
