package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.time.Instant;

/** One asset of a run, in dependency order. */
public record RunStep(
        int index,
        AssetKey asset,
        RunStatus status,
        Instant startedAt,
        Instant endedAt,
        long keyCount,
        long batchCount,
        long rowsWritten,
        String error) {

    public static RunStep queued(int index, AssetKey asset) {
        return new RunStep(index, asset, RunStatus.QUEUED, null, null, 0, 0, 0, null);
    }
}
