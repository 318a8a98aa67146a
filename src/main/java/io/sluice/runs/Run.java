package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.dispatch.Admission;
import io.sluice.runs.launch.RunFactory;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A stored attempt to materialize assets. {@code group} names the runs launched together (null for a run of its own):
 * the dispatcher groups, limits and admits them through {@link Admission}; {@code tags} say more about the run (who
 * launched its group, the run it retries), as Dagster's run tags do. Build runs with {@link RunFactory}.
 */
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
        String group,
        Map<String, String> tags) {

    public Run {
        assets = List.copyOf(assets);
        keys = List.copyOf(keys);
        partitions = List.copyOf(partitions);
        steps = List.copyOf(steps);
        tags = tags == null ? Map.of() : Map.copyOf(tags);
        kind = kind == null ? RunKind.MATERIALIZE : kind;
    }
}
