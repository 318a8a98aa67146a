package io.sluice.backfill;

import java.time.Duration;
import java.time.Instant;

/** Where a backfill stands: runs by status, throughput and, while it runs, an estimate of the end. */
public record BackfillProgress(
        long targetRuns,
        long queued,
        long running,
        long succeeded,
        long failed,
        long canceled,
        double runsPerSecond,
        Instant eta) {

    /** Computes rate and ETA from counts and the time since the backfill was created. Pure. */
    public static BackfillProgress of(
            long target,
            long queued,
            long running,
            long succeeded,
            long failed,
            long canceled,
            Instant createdAt,
            Instant now,
            boolean active) {
        double seconds = Math.max(0.001, Duration.between(createdAt, now).toMillis() / 1000.0);
        long done = succeeded + failed;
        double rate = done / seconds;
        long remaining = queued + running;
        Instant eta = !active || remaining == 0 || rate == 0 ? null : now.plusMillis((long) (remaining / rate * 1000));
        return new BackfillProgress(
                target, queued, running, succeeded, failed, canceled, Math.round(rate * 100) / 100.0, eta);
    }
}
