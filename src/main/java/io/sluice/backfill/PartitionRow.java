package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One partition of a backfill and the run that holds it: the latest attempt (a run queued again after a crash is
 * attempt 2 of its partitions, and names the run that died), its status, its assets, every partition it holds
 * ({@code run}), when it started and ended.
 */
public record PartitionRow(
        long position,
        String partition,
        String runId,
        ProgressStatus status,
        int attempt,
        String previousRunId,
        List<AssetKey> assets,
        RunSpan run,
        Instant startedAt,
        Instant endedAt) {

    public PartitionRow {
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(status, "status");
        assets = List.copyOf(assets);
        Objects.requireNonNull(run, "run");
        if (position < 0 || attempt < 1) {
            throw new IllegalArgumentException("a partition sits at 0 or later and its run is attempt 1 or later");
        }
    }
}
