package io.sluice.lake.engine.rollback;

import java.time.Instant;
import java.util.Optional;

/** A rollback as the write log records it, as any write of its run (no rows in, no watermark). */
public record RollbackWrite(
        String table,
        String mode,
        String runId,
        Optional<String> partition,
        Instant writtenAt,
        Instant systemTime,
        long inserted,
        long removed,
        long currentRows) {}
