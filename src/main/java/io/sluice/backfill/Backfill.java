package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A stored backfill: what was asked (the request as JSON), by whom and why, where it stands, its runs' tags and how long
 * it has been paused.
 */
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
        Map<String, String> tags,
        Pauses pauses) {

    public Backfill {
        assets = List.copyOf(assets);
        tags = tags == null ? Map.of() : Map.copyOf(tags);
        pauses = pauses == null ? Pauses.NONE : pauses;
    }

    /** A backfill never paused. */
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
            String parentId,
            Map<String, String> tags) {
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
                tags,
                Pauses.NONE);
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

    /** How long it has run up to {@code now} (to its end once it ended), not counting the time it was paused. */
    public Duration activeTime(Instant now) {
        Instant end = endedAt == null ? now : endedAt;
        Duration active = Duration.between(createdAt, end).minus(pauses.until(end));
        return active.isNegative() ? Duration.ZERO : active;
    }

    /** How long it has been paused up to {@code now} (to its end once it ended). */
    public Duration pausedTime(Instant now) {
        return pauses.until(endedAt == null ? now : endedAt);
    }
}
