package io.sluice.web;

import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillPartitions.PartitionStatus;
import io.sluice.backfill.BackfillProgress;
import io.sluice.runs.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The backfill page: the list row (status, progress by runs), its partitions as a grid, their rate and the time left,
 * and its newest runs. Pure: built from what the services read and the time now.
 */
record BackfillView(
        BackfillRow row,
        String mode,
        String launchedBy,
        String created,
        String createdIso,
        String ended,
        String elapsed,
        String parentId,
        long partitionsDone,
        long partitionsKnown,
        String rate,
        String eta,
        PartitionGrid grid,
        List<RunRow> runs,
        long runCount,
        boolean terminal) {

    /** Statuses a partition no longer moves from within its backfill. */
    static final Set<RunStatus> ENDED =
            EnumSet.of(RunStatus.SUCCESS, RunStatus.FAILURE, RunStatus.CANCELED, RunStatus.SKIPPED);

    public boolean running() {
        return "RUNNING".equals(row.status());
    }

    public boolean paused() {
        return "PAUSED".equals(row.status());
    }

    static BackfillView of(
            Backfill b, BackfillProgress progress, List<PartitionStatus> partitions, List<RunRow> runs, Instant now) {
        Instant end = b.endedAt() == null ? now : b.endedAt();
        Duration elapsed = Duration.between(b.createdAt(), end);
        long done = partitions.stream().filter(p -> ENDED.contains(p.status())).count();
        double perSecond = done / Math.max(0.001, elapsed.toMillis() / 1000.0);
        long left = partitions.size() - done;
        String eta;
        if (b.status().isTerminal() || left == 0) {
            eta = b.status().isTerminal() ? "ended" : "";
        } else if (done == 0 || b.status().name().equals("PAUSED")) {
            eta = b.status().name().equals("PAUSED") ? "paused" : "not known yet";
        } else {
            eta = Format.duration(Duration.ofMillis((long) (left / perSecond * 1000)));
        }
        return new BackfillView(
                BackfillRow.of(b, progress),
                b.mode().name(),
                b.launchedBy(),
                Format.time(b.createdAt()),
                Format.iso(b.createdAt()),
                Format.time(b.endedAt()),
                Format.duration(elapsed),
                b.parentId() == null ? "" : b.parentId(),
                done,
                partitions.size(),
                String.format(Locale.ROOT, "%.2f partitions/s", perSecond),
                eta,
                PartitionGrid.of(partitions, PartitionGrid.MAX_CELLS),
                runs,
                progress.targetRuns(),
                b.status().isTerminal());
    }
}
