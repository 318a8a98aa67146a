package io.sluice.lake.engine.rollback;

import io.sluice.lake.TableSpec;
import io.sluice.lake.engine.WriteOutcome;
import java.time.Instant;
import java.util.Optional;

/**
 * A write (a publish or a rollback) as every engine's write log records it, without its id: which run wrote which table
 * (and partition), when, at which system time, how many rows, and the watermark its step stores (null for none).
 */
public record LoggedWrite(
        String table,
        String mode,
        String runId,
        Optional<String> partition,
        Instant writtenAt,
        Instant systemTime,
        long rowsIn,
        long inserted,
        long removed,
        long currentRows,
        String watermark) {

    /** A publish of {@code table} that did {@code outcome}, leaving {@code currentRows}. */
    public static LoggedWrite published(
            TableSpec table,
            String runId,
            Optional<String> partition,
            Instant at,
            WriteOutcome outcome,
            long currentRows,
            String watermark) {
        return new LoggedWrite(
                table.name(),
                table.mode().label(),
                runId,
                partition,
                at,
                outcome.systemTime(),
                outcome.rowsIn(),
                outcome.rowsInserted(),
                outcome.rowsRemoved(),
                currentRows,
                watermark);
    }

    /** A rollback of {@code table} that did {@code outcome} (no rows in, no watermark), leaving {@code currentRows}. */
    public static LoggedWrite rollback(
            TableSpec table,
            String runId,
            Optional<String> partition,
            Instant at,
            WriteOutcome outcome,
            long currentRows) {
        WriteOutcome restored =
                new WriteOutcome(0, outcome.rowsInserted(), outcome.rowsRemoved(), outcome.systemTime(), null);
        return published(table, runId, partition, at, restored, currentRows, null);
    }
}
