package io.sluice.lake.duckdb;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Empty staging tables kept between publishes of one table, so that a small publish stages its rows without DDL.
 * Creating and dropping a staging table changes DuckDB's catalog, and every statement a writer keeps prepared on the
 * table's connection is then bound and planned again: for a SINGLE_KEY publish that costs more than the write.
 * A staging table is kept only after a publish of at most {@link #MAX_ROWS} rows (emptied by a DELETE, which is not
 * DDL), at most {@link #MAX_FREE} per table; the most recently returned one is handed out first, so that a steady
 * stream of publishes reads from one table name and the statements that name it stay prepared. Thread-safe.
 */
final class StagingPool {

    /** Staging tables that held more rows are dropped, not kept (an empty table gives their space back sooner). */
    static final long MAX_ROWS = 50_000;
    /** Free staging tables kept per target table (more are only needed while publishes of one table overlap). */
    static final int MAX_FREE = 2;

    /** An empty staging table and the columns (name and type) it was created with. */
    record Stage(String name, List<String> columns) {
    }

    private final Map<String, Deque<Stage>> free = new HashMap<>();

    /** A free staging table of {@code table}, now the caller's alone, if one is kept. */
    synchronized Optional<Stage> take(String table) {
        Deque<Stage> stages = free.get(key(table));
        return stages == null ? Optional.empty() : Optional.ofNullable(stages.pollFirst());
    }

    /** Keeps an emptied staging table of {@code table}; false if enough are kept already (then the caller drops it). */
    synchronized boolean give(String table, Stage stage) {
        Deque<Stage> stages = free.computeIfAbsent(key(table), k -> new ArrayDeque<>());
        if (stages.size() >= MAX_FREE) {
            return false;
        }
        stages.addFirst(stage);
        return true;
    }

    private static String key(String table) {
        return table.toLowerCase(java.util.Locale.ROOT);
    }
}
