package io.sluice.web;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.Run;
import io.sluice.runs.RunIds;
import io.sluice.runs.RunKind;
import java.time.Instant;
import java.util.List;

/** One run in the runs list, and the summary at the top of the run page. */
public record RunRow(
        String id,
        String shortId,
        String status,
        String mode,
        List<String> assets,
        String assetList,
        String keys,
        String keyList,
        String rows,
        String launchedBy,
        String created,
        String createdIso,
        String duration,
        String reason,
        boolean terminal,
        String resolved) {

    static RunRow of(Run run, Instant now) {
        List<String> assets = run.assets().stream().map(AssetKey::toString).toList();
        return new RunRow(
                run.id(),
                RunIds.shortForm(run.id()),
                run.status().name(),
                run.kind() == RunKind.ROLLBACK ? "ROLLBACK" : run.mode().name(),
                assets,
                String.join(", ", assets),
                run.keys().isEmpty() ? "" : Format.count(run.keys().size()),
                String.join(", ", run.keys()),
                Format.count(run.rowsWritten()),
                run.launchedBy(),
                Format.time(run.createdAt()),
                Format.iso(run.createdAt()),
                Format.duration(run.startedAt(), run.endedAt(), now),
                run.reason() == null ? "" : run.reason(),
                run.status().isTerminal(),
                Format.count(run.keyCount(), "key", "keys") + " in "
                        + Format.count(run.batchCount(), "batch", "batches") + ", "
                        + Format.count(run.rowsWritten(), "row", "rows") + " written"
                        + (run.status() == io.sluice.runs.RunStatus.STARTED ? " so far" : ""));
    }
}
