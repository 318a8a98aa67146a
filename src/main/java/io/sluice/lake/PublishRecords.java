package io.sluice.lake;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The run's records of one publish (its materialization and watermark), handed to the publish so that a lake whose
 * transactions are in the metadata store's own database ({@link Lake#sharesStore}) stores them in the publish's
 * transaction: the publish and its records then commit together or not at all. Another lake never calls it, and the
 * caller stores the records after the publish, as usual.
 */
@FunctionalInterface
public interface PublishRecords {

    /** Records nothing with the publish: the caller stores its records after it. */
    PublishRecords NONE = (publication, connection) -> {};

    /**
     * Stores the records of {@code publication} on {@code connection}, inside the publish's transaction, after its checks
     * passed and its write was logged, with the metadata store's schema on the search path. Throwing rolls the whole
     * publish back (the run was taken over by another node, the store refused the records): the table stays as it was.
     */
    void store(Publication publication, Connection connection) throws SQLException;
}
