package io.sluice.lake.engine.rollback;

/** A rollback that cannot be done: the run never wrote the table, or the snapshot it needs has expired. */
public final class RollbackRefused extends RuntimeException {
    public RollbackRefused(String message) {
        super(message);
    }
}
