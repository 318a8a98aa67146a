package io.sluice.web;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.Run;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Collectors;

/** One run in the runs list. */
public record RunRow(String id, String shortId, String status, String mode, String assets, int keys, long rows,
                     String launchedBy, String created, String duration, String reason, boolean terminal) {

    static RunRow of(Run run) {
        String duration = run.startedAt() == null ? ""
                : Format.duration(Duration.between(run.startedAt(), run.endedAt() == null ? Instant.now() : run.endedAt()));
        return new RunRow(run.id(), run.id().substring(0, 8), run.status().name(), run.mode().name(),
                run.assets().stream().map(AssetKey::toString).collect(Collectors.joining(", ")), run.keys().size(),
                run.rowsWritten(), run.launchedBy(), Format.time(run.createdAt()), duration,
                run.reason() == null ? "" : run.reason(), run.status().isTerminal());
    }
}
