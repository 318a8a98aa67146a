package io.sluice.lake.duckdb;

/**
 * What a table writer keeps on the table's own connection between publishes (prepared statements, temp tables),
 * because a small write pays more for setting them up than for writing. The lake keeps at most one per table, hands
 * it back to the next write of the table, tells it when a transaction it wrote in committed, and closes it when a
 * write fails or the lake closes.
 */
interface KeptWriter extends AutoCloseable {

    /** The transaction of the last write, which used this writer, committed. */
    void committed();

    /**
     * Whether the writer has upkeep to do on the table (re-clustering a bi-temporal table) that it left out of the
     * writes: the lake then runs {@link #maintain()} soon, in a write of the table of its own.
     */
    default boolean maintenanceDue() {
        return false;
    }

    /** Does the upkeep, in the lake's write transaction of the table; throws if it fails (the lake then drops the writer). */
    default void maintain() {}

    /** Releases what it keeps; never throws (a failure only costs the next write its set-up). */
    @Override
    void close();
}
