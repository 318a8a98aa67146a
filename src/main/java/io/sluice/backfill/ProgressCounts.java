package io.sluice.backfill;

import java.util.EnumMap;
import java.util.Map;

/** How many runs, or partitions, of a backfill are in each {@link ProgressStatus}; {@code total} is their sum. */
public record ProgressCounts(
        long total, long queued, long running, long succeeded, long failed, long canceled, long skipped) {

    public static final ProgressCounts NONE = of(Map.of());

    public ProgressCounts {
        if (queued < 0 || running < 0 || succeeded < 0 || failed < 0 || canceled < 0 || skipped < 0) {
            throw new IllegalArgumentException("counts cannot be negative");
        }
        if (total != queued + running + succeeded + failed + canceled + skipped) {
            throw new IllegalArgumentException("total " + total + " is not the sum of the counts");
        }
    }

    public static ProgressCounts of(Map<ProgressStatus, Long> counts) {
        Map<ProgressStatus, Long> c = new EnumMap<>(ProgressStatus.class);
        counts.forEach((s, n) -> c.merge(s, n, Long::sum));
        long queued = c.getOrDefault(ProgressStatus.QUEUED, 0L);
        long running = c.getOrDefault(ProgressStatus.RUNNING, 0L);
        long succeeded = c.getOrDefault(ProgressStatus.SUCCEEDED, 0L);
        long failed = c.getOrDefault(ProgressStatus.FAILED, 0L);
        long canceled = c.getOrDefault(ProgressStatus.CANCELED, 0L);
        long skipped = c.getOrDefault(ProgressStatus.SKIPPED, 0L);
        return new ProgressCounts(
                queued + running + succeeded + failed + canceled + skipped,
                queued,
                running,
                succeeded,
                failed,
                canceled,
                skipped);
    }

    public long get(ProgressStatus status) {
        return switch (status) {
            case QUEUED -> queued;
            case RUNNING -> running;
            case SUCCEEDED -> succeeded;
            case FAILED -> failed;
            case CANCELED -> canceled;
            case SKIPPED -> skipped;
        };
    }

    /** Started and ended: succeeded, failed, or canceled while they ran. */
    public long ran() {
        return succeeded + failed + canceled;
    }

    /** Queued or running. */
    public long left() {
        return queued + running;
    }
}
