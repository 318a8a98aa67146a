package io.sluice.lake;

/** Publishes what was staged for one materialization (see {@link Staging}): checks and commits it, or leaves the table as it was. */
public interface Publisher {

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
    default Publication publish(boolean complete, String watermark) {
        return publish(complete, watermark, PublishRecords.NONE);
    }

    /**
     * As {@link #publish(boolean, String)}; a lake that {@linkplain Lake#sharesStore shares the metadata store's
     * database} also stores {@code records} in the publish's transaction when it commits a write (and only then).
     */
    Publication publish(boolean complete, String watermark, PublishRecords records);
}
