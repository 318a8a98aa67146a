package io.sluice.lake.engine;

import io.sluice.lake.LakeSession;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** A lake session that {@link CheckRunner} can run checks on: it also reads a few rows as maps (a check's sample). */
public interface CheckedSession extends LakeSession {

    /** Rows as maps of column name to value (for small results: samples, API pages). */
    List<Map<String, Object>> queryRows(String sql);

    /**
     * Runs one check: on an engine where a failed statement spoils its transaction (PostgreSQL), a check that fails
     * inside {@code check} is undone alone, and the transaction goes on.
     */
    default <T> T isolated(Supplier<T> check) {
        return check.get();
    }

    /**
     * Whether a check that failed inside {@link #isolated} leaves the transaction usable. On DuckDB (no savepoints) a
     * statement that fails at run time aborts the whole transaction, so no later check can run in it.
     */
    default boolean isolatesFailures() {
        return false;
    }
}
