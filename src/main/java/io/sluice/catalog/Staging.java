package io.sluice.catalog;

/** The staged rows of one asset materialization, published once the compute is done. */
public interface Staging extends TableOutput, AutoCloseable {

    /**
     * Checks and publishes everything staged, in one transaction.
     *
     * @param complete whether the staged rows are the whole table (a full refresh) rather than some keys of it
     */
    Publication publish(boolean complete);

    /** Drops the staged rows (after publishing, or when the compute failed). */
    @Override
    void close();
}
