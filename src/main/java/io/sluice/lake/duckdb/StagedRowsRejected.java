package io.sluice.lake.duckdb;

/** The staged rows cannot be written (bad shape, NULL load id, a row outside its partition, a duplicate key). */
final class StagedRowsRejected extends RuntimeException {
    StagedRowsRejected(String message) {
        super(message);
    }
}
