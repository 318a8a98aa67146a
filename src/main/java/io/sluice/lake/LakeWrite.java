package io.sluice.lake;

import java.time.Instant;

/**
 * One publish as the lake's own write log keeps it, in the publish's transaction: the table and partition (or range
 * {@code first...last}) a run wrote, when, what it did, and the watermark the run's step stores for it once the publish is
 * recorded. Start-up recovery reads these to record what a run that died with the process had already published.
 *
 * @param partition the partition or range written, or null for a table that is not partitioned (or a whole-table write)
 * @param watermark the step's watermark on success, or null when the step moves none
 */
public record LakeWrite(
        String table,
        String partition,
        String mode,
        Instant writtenAt,
        Instant systemTime,
        long rowsIn,
        long rowsInserted,
        long rowsRemoved,
        long currentRows,
        String watermark) {

    /** Rows the write added or closed/removed. */
    public long rowsChanged() {
        return rowsInserted + rowsRemoved;
    }
}
