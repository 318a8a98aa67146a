package io.sluice.web;

import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillProgress;
import io.sluice.backfill.ProgressCounts;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.RunIds;
import java.util.List;
import java.util.Locale;

/**
 * One backfill in the lists (overview, /backfills) and at the top of its page: its partitions by status as a bar split
 * by status (by runs for a backfill whose runs' partitions are not known), its rate over the time it was not paused,
 * and its estimated end while it runs; its assets as keys, each shown as a link to its page.
 */
/* target: the runs planned. */
public record BackfillRow(
        String id,
        String shortId,
        String status,
        List<String> assets,
        String partitions,
        long target,
        ProgressBar bar,
        String unit,
        long failed,
        long canceled,
        long skipped,
        long running,
        String rate,
        String eta,
        String reason) {

    /** Ended with failed, canceled or skipped partitions: they can be retried. */
    public boolean retryable() {
        return ("FAILED".equals(status) || "CANCELED".equals(status)) && failed + canceled + skipped > 0;
    }

    public int percent() {
        return bar.percent();
    }

    static BackfillRow of(Backfill b, BackfillProgress p) {
        boolean byPartitions = p.partitions().total() > 0;
        ProgressCounts counts = byPartitions ? p.partitions() : p.runs();
        return new BackfillRow(
                b.id(),
                RunIds.shortForm(b.id()),
                b.status().name(),
                b.assets().stream().map(AssetKey::toString).toList(),
                Format.count(b.partitionCount()),
                p.targetRuns(),
                ProgressBar.of(counts),
                byPartitions ? "partitions" : "runs",
                counts.failed(),
                counts.canceled(),
                counts.skipped(),
                counts.running(),
                String.format(
                        Locale.ROOT,
                        "%.2f %s/s",
                        byPartitions ? p.partitionsPerSecond() : p.runsPerSecond(),
                        byPartitions ? "partitions" : "runs"),
                p.eta() == null ? "" : Format.time(p.eta()),
                b.reason() == null ? "" : b.reason());
    }
}
