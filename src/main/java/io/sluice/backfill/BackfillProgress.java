package io.sluice.backfill;

import java.time.Duration;
import java.time.Instant;

/**
 * Where a backfill stands: its runs by status ({@code targetRuns} planned; a run queued again after a crash takes the
 * place of the one that died), its partitions by status, the rates since it was created counting only the time it was
 * not paused (to its end once it ended), and while it runs (not paused, not ended) the estimated end at that rate.
 * Succeeded, failed and canceled (stopped while it ran) count what ran; skipped counts what never ran (canceled before
 * it started), so a backfill canceled early does not read as done.
 */
public record BackfillProgress(
        long targetRuns,
        long queued,
        long running,
        long succeeded,
        long failed,
        long canceled,
        long skipped,
        ProgressCounts partitions,
        double runsPerSecond,
        double partitionsPerSecond,
        double activeSeconds,
        double pausedSeconds,
        Instant eta) {

    /** The rates and the estimate from the counts and the backfill's active time up to {@code now}. Pure. */
    public static BackfillProgress of(Backfill b, ProgressCounts runs, ProgressCounts partitions, Instant now) {
        Duration active = b.activeTime(now);
        double seconds = Math.max(0.001, active.toMillis() / 1000.0);
        double partitionRate = partitions.ran() / seconds;
        Instant eta = b.status() != BackfillStatus.RUNNING || partitions.left() == 0 || partitions.ran() == 0
                ? null
                : now.plusMillis((long) Math.ceil(partitions.left() / partitionRate * 1000));
        return new BackfillProgress(
                b.runCount(),
                runs.queued(),
                runs.running(),
                runs.succeeded(),
                runs.failed(),
                runs.canceled(),
                runs.skipped(),
                partitions,
                round(runs.ran() / seconds),
                round(partitionRate),
                active.toMillis() / 1000.0,
                b.pausedTime(now).toMillis() / 1000.0,
                eta);
    }

    private static double round(double rate) {
        return Math.round(rate * 100) / 100.0;
    }

    /** The runs by status. */
    public ProgressCounts runs() {
        return new ProgressCounts(
                queued + running + succeeded + failed + canceled + skipped,
                queued,
                running,
                succeeded,
                failed,
                canceled,
                skipped);
    }
}
