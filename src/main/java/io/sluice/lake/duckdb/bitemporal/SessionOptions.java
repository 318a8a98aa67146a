package io.sluice.lake.duckdb.bitemporal;

import java.util.Objects;

/**
 * How a {@link BitemporalSession} writes; {@link #DEFAULT} in the product, the others for tests that compare paths.
 *
 * @param firstLoad   how a first load hashes values
 * @param smallWrites whether small NONE and SCOPES writes are decided in Java ({@link SmallWrite}); tests compare with
 *                    the general path
 * @param clustering  when the session re-clusters the table; tests re-cluster more often than {@link Clustering#DEFAULT},
 *                    or never
 */
record SessionOptions(FirstLoad firstLoad, boolean smallWrites, Clustering clustering) {

    static final SessionOptions DEFAULT = new SessionOptions(FirstLoad.AUTO, true, Clustering.DEFAULT);

    SessionOptions {
        Objects.requireNonNull(firstLoad, "firstLoad");
        Objects.requireNonNull(clustering, "clustering");
    }

    SessionOptions withFirstLoad(FirstLoad mode) {
        return new SessionOptions(mode, smallWrites, clustering);
    }

    SessionOptions withSmallWrites(boolean small) {
        return new SessionOptions(firstLoad, small, clustering);
    }

    SessionOptions withClustering(Clustering policy) {
        return new SessionOptions(firstLoad, smallWrites, policy);
    }
}
