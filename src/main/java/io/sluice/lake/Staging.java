package io.sluice.lake;

/**
 * The staging area of one asset materialization: rows (and filing markers) are staged through {@link TableOutput}
 * while the compute runs, and published once it is done ({@link Publisher}); closing drops what was staged.
 */
public interface Staging extends TableOutput, Publisher, AutoCloseable {

    /** Drops the staged rows (after publishing, or when the compute failed). */
    @Override
    void close();
}
