package io.sluice.lake.duckdb;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Empty staging tables kept between publishes of one table, so that a small publish stages its rows without DDL.
 * Creating and dropping a staging table changes DuckDB's catalog, and every statement a writer keeps prepared on the
 * table's connection is then bound and planned again: for a SINGLE_KEY publish that costs more than the write.
 * A staging table is kept only after a publish of at most {@link #MAX_ROWS} rows (emptied by a DELETE, which is not
 * DDL), at most {@link #MAX_FREE} per table; the most recently returned one is handed out first, so that a steady
 * stream of publishes reads from one table name and the statements that name it stay prepared. Thread-safe.
 *
 * <p>A pooled table is reused only by a query of the same columns: the same names and DuckDB types, as {@code DESCRIBE}
 * gives them (an ENUM with its values, a DECIMAL with its width). A query whose column names repeat, or that names a
 * collation (which {@code DESCRIBE} does not show, but {@code CREATE TABLE AS} keeps), stages into a table of its
 * own every time. A collation that a column inherits from a source table is not seen: a pooled table keeps the one it
 * was created with until the process restarts (staging tables are dropped at start-up). Filing markers, and the
 * rows of a publish of markers only, are still staged in tables created per publish.
 */
final class StagingPool {

    /** Staging tables that held more rows are dropped, not kept (an empty table gives their space back sooner). */
    static final long MAX_ROWS = 50_000;
    /** Free staging tables kept per target table (more are only needed while publishes of one table overlap). */
    static final int MAX_FREE = 2;

    /** An empty staging table and the columns it was created with. */
    record Stage(String name, List<DuckDbSession.ResultColumn> columns) {}

    /** The keyword that names a collation (a column called collateral does not). */
    private static final Pattern COLLATE = Pattern.compile("(?i)\\bcollate\\b");

    private final Map<String, Deque<Stage>> free = new HashMap<>();

    /**
     * Whether a staging table created for a query of these columns may later take the rows of another query of the
     * same columns: not if a column name repeats (ignoring case: {@code CREATE TABLE AS} renames the repeat, and a
     * later {@code INSERT BY NAME} could not name it) or if the query names a collation.
     */
    static boolean reusable(List<DuckDbSession.ResultColumn> columns, String selectSql) {
        Set<String> names = new HashSet<>();
        for (DuckDbSession.ResultColumn column : columns) {
            if (!names.add(column.name().toLowerCase(Locale.ROOT))) {
                return false;
            }
        }
        return !COLLATE.matcher(selectSql).find();
    }

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
        return table.toLowerCase(Locale.ROOT);
    }
}
