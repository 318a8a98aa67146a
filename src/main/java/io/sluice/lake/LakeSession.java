package io.sluice.lake;

import java.util.List;

/** One connection to the lake, inside {@link Lake#write} or {@link Lake#read}. Set-based: no row loops. */
public interface LakeSession {

    /** Executes one statement; returns the update count (0 for DDL). */
    long execute(String sql);

    /** The first column of the first row as a long (0 when there is no row or it is NULL). */
    long queryLong(String sql);

    /** The first column of every row, as text. */
    List<String> queryStrings(String sql);

    /** Loads {@code keys} into a temporary one-column table {@code name(key VARCHAR)}, replacing it; bulk, not row by row. */
    void loadKeys(String name, List<String> keys);

    /**
     * Idempotent upsert: creates {@code table} from the query's columns if it does not exist, deletes the
     * rows whose {@code keyColumns} appear in the query's result, and inserts the result. Returns rows inserted.
     */
    long upsert(String table, List<String> keyColumns, String selectSql);

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
     * downstream's since a run that saw version {@code after}.
     */
    String loadsAppended(String table, long after, long upTo);
}
