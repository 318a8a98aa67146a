package io.sluice.lake.duckdb;

/**
 * The engine's side of {@link io.sluice.lake.Lake#write} and {@link io.sluice.lake.Lake#read}: the same work, given the
 * engine's own {@link DuckDbSession} rather than the port's {@link io.sluice.lake.LakeSession}, so that the engine's
 * classes (writers, write log, snapshots, staging) reach its JDBC helpers without a downcast. The port's methods
 * delegate here ({@code write(table, work::apply)}); a run's lake ({@link DuckDbRunLake}) runs the same work as the run's.
 */
interface Sessions {

    /** The work of a write or read, on the engine's session. */
    @FunctionalInterface
    interface SessionWork<T> {
        T apply(DuckDbSession session) throws Exception;
    }

    /** As {@link io.sluice.lake.Lake#write}, on the engine's session. */
    <T> T writeSession(String table, SessionWork<T> work);

    /** As {@link io.sluice.lake.Lake#read}, on the engine's session. */
    <T> T readSession(SessionWork<T> work);
}
