package io.sluice.lake;

/** The staged rows of one asset materialization, published once the compute is done. */
public interface Staging extends TableOutput, AutoCloseable {

    /**
     * Checks and publishes everything staged, in one transaction.
     *
     * @param complete whether the staged rows are the whole table (a full refresh) rather than some keys of it
     */
    default Publication publish(boolean complete) {
        return publish(complete, null);
    }

    /**
     * As {@link #publish(boolean)}, recording with the write the watermark that the step stores once the publish is
     * recorded (null for none), so that a run that dies in between can be reconciled from the lake's write log.
     */
    Publication publish(boolean complete, String watermark);

    /** Drops the staged rows (after publishing, or when the compute failed). */
    @Override
    void close();
}
