package io.sluice.lake.engine.rollback;

import io.sluice.lake.LakeSession;
import io.sluice.lake.Sql;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the engine-neutral rollback (write log, writes in effect, snapshots, removed rows) needs of an engine's session
 * beyond the port's {@link LakeSession}: rows with bound values, a table's columns, and the few spellings in which the
 * engines' SQL differs. DuckDB's and PostgreSQL's sessions implement it.
 */
public interface RollbackSession extends LakeSession {

    /** Rows as maps of column name to value (numbers and booleans as they are, other values as text), values bound. */
    List<Map<String, Object>> rows(String sql, Object... params);

    /** The column names of a table, in order, as the engine spells them. */
    List<String> columns(String table);

    /** Records a rollback in the engine's write log, in this session's transaction; returns its write id. */
    long logRollback(LoggedWrite write);

    /**
     * Whether this transaction may drop the snapshots no longer kept now: on a lake several nodes write, only one
     * transaction at a time does (the others skip it; the next publish does it), so that no two drop the same tables in
     * different orders and wait for each other. A lake one process owns always may.
     */
    default boolean expiryTurn() {
        return true;
    }

    /** A timestamp expression as whole microseconds since the epoch (BIGINT). */
    String epochMicros(String expression);

    /** A column name as it can be written in a statement whatever its case. */
    String quote(String column);

    /** As the port's, and a {@code long[]} or {@code String[]} value is bound as a list. */
    @Override
    default long execute(String sql, Object... params) {
        return execute(Sql.of(sql, lists(params)));
    }

    /** As the port's, and a {@code long[]} or {@code String[]} value is bound as a list. */
    @Override
    default long queryLong(String sql, Object... params) {
        return queryLong(Sql.of(sql, lists(params)));
    }

    /** As the port's, and a {@code long[]} or {@code String[]} value is bound as a list. */
    @Override
    default List<String> queryStrings(String sql, Object... params) {
        return queryStrings(Sql.of(sql, lists(params)));
    }

    /** The values, with arrays of ids or texts as lists (bound as one SQL array). */
    static Object[] lists(Object... params) {
        return Arrays.stream(params)
                .map(p -> p instanceof long[] ids
                        ? Arrays.stream(ids).boxed().toList()
                        : p instanceof String[] texts ? List.of(texts) : p)
                .toArray();
    }

    /** The columns of {@code table}, quoted, comma separated (a list to insert into and select by name). */
    default String columnList(String table) {
        return String.join(", ", columns(table).stream().map(this::quote).toList());
    }
}
