package io.sluice.lake.postgres;

import io.sluice.lake.Sql;
import io.sluice.lake.engine.CheckedSession;
import io.sluice.lake.engine.LakeSql;
import io.sluice.lake.engine.Parameters;
import io.sluice.lake.engine.ResultRows;
import io.sluice.lake.engine.rollback.LoggedWrite;
import io.sluice.lake.engine.rollback.RollbackSession;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A {@link io.sluice.lake.LakeSession} over one PostgreSQL connection, inside one transaction of the lake's schema
 * ({@link PgLake} opens and ends it). Temporary tables it makes are dropped at the transaction's end, so that a
 * connection goes back to its pool as it came.
 */
final class PgSession implements CheckedSession, RollbackSession {

    /** Lists bound as {@code varchar[]}, {@code int8[]} or {@code float8[]}. */
    static final Parameters BINDING = new Parameters("varchar", "int8", "float8");

    private final Connection connection;
    private final String schema;

    PgSession(Connection connection, String schema) {
        this.connection = connection;
        this.schema = schema;
    }

    @Override
    public long execute(Sql sql) {
        if (sql.params().isEmpty()) {
            try (Statement s = connection.createStatement()) {
                return s.execute(sql.text()) ? 0 : Math.max(0, s.getLargeUpdateCount());
            } catch (SQLException e) {
                throw failure(sql.text(), e);
            }
        }
        PgSql bound = PgSql.of(sql);
        try (PreparedStatement p = prepare(bound)) {
            return p.execute() ? 0 : Math.max(0, p.getLargeUpdateCount());
        } catch (SQLException e) {
            throw failure(bound.text(), e);
        }
    }

    @Override
    public long queryLong(Sql sql) {
        PgSql bound = PgSql.of(sql);
        try (PreparedStatement p = prepare(bound);
                ResultSet rs = p.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (SQLException e) {
            throw failure(bound.text(), e);
        }
    }

    @Override
    public List<String> queryStrings(Sql sql) {
        PgSql bound = PgSql.of(sql);
        try (PreparedStatement p = prepare(bound);
                ResultSet rs = p.executeQuery()) {
            return ResultRows.firstColumn(rs);
        } catch (SQLException e) {
            throw failure(bound.text(), e);
        }
    }

    @Override
    public List<Map<String, Object>> queryRows(String sql) {
        return rows(Sql.of(sql));
    }

    /**
     * Inside a savepoint, rolled back after the check (checks only read): a check whose statement fails leaves the
     * publishing transaction usable.
     */
    @Override
    public <T> T isolated(Supplier<T> check) {
        execute("SAVEPOINT sluice_check");
        try {
            return check.get();
        } finally {
            execute("ROLLBACK TO SAVEPOINT sluice_check");
            execute("RELEASE SAVEPOINT sluice_check");
        }
    }

    @Override
    public boolean isolatesFailures() {
        return true;
    }

    /** Rows as maps of column name to value: numbers and booleans as they are, other values as text. */
    List<Map<String, Object>> rows(Sql sql) {
        PgSql bound = PgSql.of(sql);
        try (PreparedStatement p = prepare(bound);
                ResultSet rs = p.executeQuery()) {
            return ResultRows.of(rs);
        } catch (SQLException e) {
            throw failure(bound.text(), e);
        }
    }

    /** The key list as a temporary table of this transaction: one statement, the keys bound as one array. */
    @Override
    public void loadKeys(String name, List<String> keys) {
        String table = name(name);
        execute("DROP TABLE IF EXISTS pg_temp." + table);
        execute("CREATE TEMP TABLE " + table + " (key VARCHAR) ON COMMIT DROP");
        execute(Sql.of("INSERT INTO pg_temp." + table + " (key) SELECT unnest(?::varchar[])", keys));
    }

    @Override
    public long upsert(String table, List<String> keyColumns, Sql select) {
        String target = name(table);
        if (keyColumns.isEmpty()) {
            throw new IllegalArgumentException("upsert into " + table + " needs key columns");
        }
        String source = "pg_temp.__sluice_upsert_source";
        execute("DROP TABLE IF EXISTS " + source);
        execute(select.wrap("CREATE TEMP TABLE __sluice_upsert_source ON COMMIT DROP AS ", ""));
        if (!tableExists(table)) {
            execute("CREATE TABLE " + target + " AS SELECT * FROM " + source + " LIMIT 0");
        }
        String match = keyColumns.stream()
                .map(PgSession::name)
                .map(k -> "s." + k + " = t." + k)
                .collect(Collectors.joining(" AND "));
        execute("DELETE FROM " + target + " AS t WHERE EXISTS (SELECT 1 FROM " + source + " s WHERE " + match + ")");
        String columns = columnList(source);
        long inserted = execute("INSERT INTO " + target + " (" + columns + ") SELECT " + columns + " FROM " + source);
        execute("DROP TABLE " + source);
        return inserted;
    }

    @Override
    public boolean tableExists(String table) {
        String[] parts = name(table).toLowerCase(Locale.ROOT).split("\\.");
        return queryLong(
                        "SELECT count(*) FROM information_schema.tables WHERE table_schema = ? AND table_name = ?",
                        parts.length == 2 ? parts[0] : schema,
                        parts[parts.length - 1])
                > 0;
    }

    @Override
    public long tableVersion(String table) {
        return queryLong(
                "SELECT coalesce(max(write_id), 0) FROM " + PgWriteLog.WRITES + " WHERE table_name = ?", name(table));
    }

    @Override
    public Sql loadsAppended(String table, long after, long upTo) {
        return LakeSql.loadsAppended(PgWriteLog.LOADS, table, after, upTo);
    }

    /** The column names of a table or temporary table, in order, as PostgreSQL spells them. */
    @Override
    public List<String> columns(String table) {
        String sql = "SELECT * FROM " + name(table) + " LIMIT 0";
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            List<String> names = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                names.add(meta.getColumnName(i));
            }
            return names;
        } catch (SQLException e) {
            throw failure(sql, e);
        }
    }

    /** The columns of a table or temporary table and their types, in order, as PostgreSQL spells them. */
    Map<String, String> columnTypes(String table) {
        Map<String, String> types = new java.util.LinkedHashMap<>();
        for (Map<String, Object> row : rows(Sql.of(
                "SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a"
                        + " WHERE a.attrelid = CAST(? AS regclass) AND a.attnum > 0 AND NOT a.attisdropped"
                        + " ORDER BY a.attnum",
                name(table)))) {
            types.put((String) row.get("name"), (String) row.get("type"));
        }
        return types;
    }

    /** The connection of this session's transaction, for work done in plain JDBC (the bi-temporal merge). */
    Connection connection() {
        return connection;
    }

    /** Work in plain JDBC on this transaction's connection as the metadata store does it: on the store's search path. */
    @FunctionalInterface
    interface StoreWork {
        void apply(Connection connection) throws SQLException;
    }

    /**
     * Runs {@code work} in this transaction with the connection's own search path (the metadata store's schema, as the
     * store's datasource opens it), then puts the lake's schema back. Only meaningful on the store's connections.
     */
    void asStore(StoreWork work) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("SET LOCAL search_path TO DEFAULT");
        }
        work.apply(connection);
        queryStrings("SELECT set_config('search_path', ?, true)", schema);
    }

    /** The lake's schema. */
    String schema() {
        return schema;
    }

    /** The columns of a table, quoted, comma separated: a column list that names them whatever their case. */
    @Override
    public String columnList(String table) {
        return columns(table).stream().map(PgSession::quoted).collect(Collectors.joining(", "));
    }

    @Override
    public String quote(String column) {
        return quoted(column);
    }

    /** A rollback is numbered from the lake's sequence under the table's write lock, as a publish is. */
    @Override
    public long logRollback(LoggedWrite write) {
        long id = PgWriteLog.nextId(this);
        PgWriteLog.record(this, id, write);
        return id;
    }

    /** One transaction of the schema at a time, by a transaction advisory lock it tries and does not wait for. */
    @Override
    public boolean expiryTurn() {
        return queryLong(
                        "SELECT CASE WHEN pg_try_advisory_xact_lock(hashtextextended('sluice.lake.expiry:' || ?, 0)) "
                                + "THEN 1 ELSE 0 END",
                        schema)
                == 1;
    }

    @Override
    public String epochMicros(String expression) {
        return "CAST(extract(epoch FROM " + expression + ") * 1000000 AS BIGINT)";
    }

    @Override
    public List<Map<String, Object>> rows(String sql, Object... params) {
        return rows(Sql.of(sql, RollbackSession.lists(params)));
    }

    static String quoted(String column) {
        return '"' + column.replace("\"", "\"\"") + '"';
    }

    /** Whether {@code columns} (as PostgreSQL spells them) hold {@code column} (as an unquoted identifier names it). */
    static boolean has(List<String> columns, String column) {
        return columns.contains(column.toLowerCase(Locale.ROOT));
    }

    private PreparedStatement prepare(PgSql sql) throws SQLException {
        return BINDING.prepare(connection, sql.text(), sql.params());
    }

    /** A table name, checked: a plain identifier, optionally with its schema. */
    static String name(String name) {
        return LakeSql.identifier(name);
    }

    private static RuntimeException failure(String sql, SQLException e) {
        String message = String.valueOf(e.getMessage());
        if ("57014".equals(e.getSQLState()) && message.contains("statement timeout")) {
            message = message + " (sluice.lake.postgres.statement-timeout)";
        }
        return new IllegalStateException(
                "lake statement failed: " + message + "\n  SQL: "
                        + (sql.length() > 500 ? sql.substring(0, 500) + "..." : sql),
                e);
    }
}
