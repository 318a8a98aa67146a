package io.sluice.lake;

import java.util.List;

/**
 * One connection to the lake, inside {@link Lake#write} or {@link Lake#read}. Set-based: no row loops. Values go next
 * to the SQL as bound parameters ({@link Sql}), never into its text: {@code queryLong("SELECT count(*) FROM t WHERE d >
 * ?", date)}. Table names are identifiers, not values: they are part of the text.
 */
public interface LakeSession {

    /** Executes one statement; returns the update count (0 for DDL). */
    long execute(Sql sql);

    /** As {@link #execute(Sql)}: the statement and the values of its parameters. */
    default long execute(String sql, Object... params) {
        return execute(Sql.of(sql, params));
    }

    /** The first column of the first row as a long (0 when there is no row or it is NULL). */
    long queryLong(Sql sql);

    /** As {@link #queryLong(Sql)}: the query and the values of its parameters. */
    default long queryLong(String sql, Object... params) {
        return queryLong(Sql.of(sql, params));
    }

    /** The first column of every row, as text. */
    List<String> queryStrings(Sql sql);

    /** As {@link #queryStrings(Sql)}: the query and the values of its parameters. */
    default List<String> queryStrings(String sql, Object... params) {
        return queryStrings(Sql.of(sql, params));
    }

    /** Loads {@code keys} into a temporary one-column table {@code name(key VARCHAR)}, replacing it; bulk, not row by row. */
    void loadKeys(String name, List<String> keys);

    /**
     * Idempotent upsert: creates {@code table} from the query's columns if it does not exist, deletes the
     * rows whose {@code keyColumns} appear in the query's result, and inserts the result. Returns rows inserted.
     */
    long upsert(String table, List<String> keyColumns, Sql select);

    /** As {@link #upsert(String, List, Sql)}: the query and the values of its parameters. */
    default long upsert(String table, List<String> keyColumns, String selectSql, Object... params) {
        return upsert(table, keyColumns, Sql.of(selectSql, params));
    }

    /** Whether a table exists in the lake. */
    boolean tableExists(String table);

    /**
     * The version of a managed table: the id of its last published write (or rollback), 0 if it was never written.
     * Versions of one table only grow, in commit order, so they make exact watermarks for assets downstream of it.
     */
    long tableVersion(String table);

    /**
     * A query, with the one column {@code load_id}, of the loads an APPEND table received from the writes after
     * version {@code after} up to version {@code upTo} (both as {@link #tableVersion} gives them): what is new
     * downstream's since a run that saw version {@code after}. Its values are bound: use it inside a larger query with
     * {@link Sql#wrap}, {@code queryStrings(loadsAppended(t, a, b).wrap("SELECT ... WHERE id IN (", ")"))}.
     */
    Sql loadsAppended(String table, long after, long upTo);
}
