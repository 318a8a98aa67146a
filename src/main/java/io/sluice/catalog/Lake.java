package io.sluice.catalog;

/**
 * The port through which assets read and write the lake. DuckDB is one implementation; writes to a
 * table are serialized and run in one transaction, reads run beside them.
 */
public interface Lake {

    /** Runs {@code work} in one transaction holding the write lock of {@code table}. */
    <T> T write(String table, LakeWork<T> work);

    /** Runs {@code work} on a connection of its own, without taking any write lock. */
    <T> T read(LakeWork<T> work);

    /** Opens the staging area of one materialization (one run, one partition) of a managed table. */
    Staging stage(TableSpec table, String runId, java.util.Optional<String> partition);

    @FunctionalInterface
    interface LakeWork<T> {
        T apply(LakeSession session) throws Exception;
    }
}
