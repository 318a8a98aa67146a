package io.sluice.web;

import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillProgress;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.RunIds;
import java.util.List;

/** One backfill on the home page, with its progress; its assets as keys, each shown as a link to its page. */
public record BackfillRow(
        String id,
        String shortId,
        String status,
        List<String> assets,
        String partitions,
        long done,
        long target,
        long failed,
        long canceled,
        long running,
        int percent,
        String rate,
        String eta,
        String reason) {

    /** Ended with failed or canceled runs: their partitions can be retried. */
    public boolean retryable() {
        return ("FAILED".equals(status) || "CANCELED".equals(status)) && failed + canceled > 0;
    }

    static BackfillRow of(Backfill b, BackfillProgress p) {
        long done = p.succeeded() + p.failed() + p.canceled();
        int percent = p.targetRuns() == 0 ? 100 : (int) Math.min(100, done * 100 / p.targetRuns());
        return new BackfillRow(
                b.id(),
                RunIds.shortForm(b.id()),
                b.status().name(),
                b.assets().stream().map(AssetKey::toString).toList(),
                Format.count(b.partitionCount()),
                done,
                p.targetRuns(),
                p.failed(),
                p.canceled(),
                p.running(),
                percent,
                p.runsPerSecond() + " runs/s",
                p.eta() == null ? "" : Format.time(p.eta()),
                b.reason() == null ? "" : b.reason());
    }
}
