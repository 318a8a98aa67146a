package io.sluice.lake.engine.rollback;

import java.time.Instant;

/**
 * A rollback target resolved against the write log: the last write of the table at or before the target
 * ({@code writeId} 0 when there was none, i.e. the empty table) and, for bi-temporal tables, the system
 * time whose belief to restore (null: before any version).
 */
public record RollbackPoint(long writeId, Instant systemTime) {}
