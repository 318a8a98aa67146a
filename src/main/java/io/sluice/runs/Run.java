package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.List;

/** A stored attempt to materialize assets. */
public record Run(
        String id,
        RunStatus status,
        MaterializationMode mode,
        List<AssetKey> assets,
        List<String> keys,
        List<String> partitions,
        String configJson,
        String reason,
        String launchedBy,
        Instant createdAt,
        Instant startedAt,
        Instant endedAt,
        long keyCount,
        long batchCount,
        long rowsWritten,
        String error,
        boolean cancelRequested,
        List<RunStep> steps,
        RunKind kind,
        String rollbackTo,
        String backfillId) {

    public Run {
        assets = List.copyOf(assets);
        keys = List.copyOf(keys);
        partitions = List.copyOf(partitions);
        steps = List.copyOf(steps);
        kind = kind == null ? RunKind.MATERIALIZE : kind;
    }
}
