package io.sluice.lake.postgres;

import java.util.Optional;

/**
 * One unit of the PostgreSQL lake's work, on its own {@link PgSession}: the lake does it as nobody's work, a run's lake
 * ({@link PgRunLake}) as that run's.
 */
interface PgWork {

    @FunctionalInterface
    interface Unit<T> {
        T apply(PgSession session) throws Exception;
    }

    /** {@code work} in one transaction, holding the write lock of {@code writeLockOf} when a table is named. */
    <T> T inTransaction(Optional<String> writeLockOf, Unit<T> work);
}
