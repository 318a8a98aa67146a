package io.sluice.lake.duckdb;

/** A rollback that cannot be done: the run never wrote the table, or the snapshot it needs has expired. */
final class RollbackRefused extends RuntimeException {
    RollbackRefused(String message) {
        super(message);
    }
}
