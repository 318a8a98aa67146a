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

    /** Releases what it keeps; never throws (a failure only costs the next write its set-up). */
    @Override
    void close();
}
