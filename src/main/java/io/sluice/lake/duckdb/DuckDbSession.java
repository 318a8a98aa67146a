package io.sluice.lake.duckdb;

import io.sluice.lake.Sql;
import io.sluice.lake.engine.CheckedSession;
import io.sluice.lake.engine.LakeSql;
import io.sluice.lake.engine.ResultRows;
import io.sluice.lake.engine.rollback.LoggedWrite;
import io.sluice.lake.engine.rollback.RollbackSession;
import io.sluice.lake.engine.rollback.Snapshots;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** A {@link LakeSession} over one DuckDB connection. */
final class DuckDbSession implements CheckedSession, RollbackSession {

    private final Connection connection;
    /** The table's slot when this session writes a table (holds what writers keep), else null. */
    private final DuckDbLake.TableSlot slot;

    DuckDbSession(Connection connection) {
        this(connection, null);
    }

    DuckDbSession(Connection connection, DuckDbLake.TableSlot slot) {
        this.connection = connection;
        this.slot = slot;
    }

    /** What a writer of this table kept on this connection, if anything. */
    Optional<KeptWriter> kept() {
        return slot == null ? Optional.empty() : Optional.ofNullable(slot.kept);
    }

    /**
     * Keeps {@code writer} for the next writes of this table on this connection, closing what was kept before;
     * false (and nothing kept) when this session does not write a table of its own.
     */
    boolean keep(KeptWriter writer) {
        if (slot == null) {
            return false;
        }
        if (slot.kept != null && slot.kept != writer) {
            slot.kept.close();
        }
        slot.kept = writer;
        return true;
    }

    /** A statement without values runs as it is (it may hold several statements); one with values is prepared. */
    @Override
    public long execute(Sql sql) {
        if (!sql.params().isEmpty()) {
            return update(sql.text(), sql.params().toArray());
        }
        try (Statement s = connection.createStatement()) {
            boolean resultSet = s.execute(sql.text());
            return resultSet ? 0 : Math.max(0, s.getLargeUpdateCount());
        } catch (SQLException e) {
            throw failure(sql.text(), e);
        }
    }

    @Override
    public long queryLong(Sql sql) {
        return longValue(sql.text(), sql.params().toArray());
    }

    @Override
    public List<String> queryStrings(Sql sql) {
        return strings(sql.text(), sql.params().toArray());
    }

    @Override
    public void loadKeys(String name, List<String> keys) {
        String table = identifier(name);
        String sql = "CREATE OR REPLACE TEMP TABLE " + table + " AS SELECT unnest(?::VARCHAR[]) AS key";
        try (PreparedStatement p = connection.prepareStatement(sql)) {
            Array array = connection.createArrayOf("VARCHAR", keys.toArray());
            p.setArray(1, array);
            p.execute();
        } catch (SQLException e) {
            throw failure(sql, e);
        }
    }

    @Override
    public long upsert(String table, List<String> keyColumns, Sql select) {
        String target = identifier(table);
        if (keyColumns.isEmpty()) {
            throw new IllegalArgumentException("upsert into " + table + " needs key columns");
        }
        String match = keyColumns.stream()
                .map(DuckDbSession::identifier)
                .map(k -> "s." + k + " = " + target + "." + k)
                .collect(Collectors.joining(" AND "));
        execute(select.wrap("CREATE OR REPLACE TEMP TABLE __upsert_source AS ", ""));
        if (!tableExists(table)) {
            execute("CREATE TABLE " + target + " AS SELECT * FROM __upsert_source LIMIT 0");
        }
        execute("DELETE FROM " + target + " WHERE EXISTS (SELECT 1 FROM __upsert_source s WHERE " + match + ")");
        long inserted = execute("INSERT INTO " + target + " BY NAME SELECT * FROM __upsert_source");
        execute("DROP TABLE __upsert_source");
        return inserted;
    }

    /** The column names of a table, in order. */
    @Override
    public List<String> columns(String table) {
        return queryStrings("SELECT column_name FROM (DESCRIBE " + identifier(table) + ")");
    }

    /** A column of a query's result: its name and its DuckDB type in full ({@code ENUM('a', 'b')}, {@code DECIMAL(18,3)}). */
    record ResultColumn(String name, String type) {}

    /** The columns a query (or a table, by its name) would return, in order: bound ({@code DESCRIBE}), not run. */
    List<ResultColumn> resultColumns(String selectSql) {
        return resultColumns(Sql.of(selectSql));
    }

    /** As {@link #resultColumns(String)}, of a query with bound values. */
    List<ResultColumn> resultColumns(Sql select) {
        String sql = "DESCRIBE " + select.text();
        try (PreparedStatement p = Parameters.prepare(connection, sql, select.params());
                ResultSet rs = p.executeQuery()) {
            List<ResultColumn> columns = new ArrayList<>();
            while (rs.next()) {
                columns.add(new ResultColumn(rs.getString("column_name"), rs.getString("column_type")));
            }
            return columns;
        } catch (SQLException e) {
            throw failure(sql, e);
        }
    }

    /** The column names and DuckDB types of a table, in order. */
    LinkedHashMap<String, String> columnTypes(String table) {
        LinkedHashMap<String, String> types = new LinkedHashMap<>();
        for (ResultColumn column : resultColumns(identifier(table))) {
            types.put(column.name(), column.type());
        }
        return types;
    }

    @Override
    public List<Map<String, Object>> queryRows(String sql) {
        return rows(sql);
    }

    Connection connection() {
        return connection;
    }

    /** Executes one statement with bound parameters (see {@link #bind}); returns the update count. */
    long update(String sql, Object... params) {
        try (PreparedStatement p = prepared(sql, params)) {
            boolean resultSet = p.execute();
            return resultSet ? 0 : Math.max(0, p.getLargeUpdateCount());
        } catch (SQLException e) {
            throw failure(sql, e);
        }
    }

    /** As {@link #queryLong(String)}, with bound parameters. */
    long longValue(String sql, Object... params) {
        try (PreparedStatement p = prepared(sql, params);
                ResultSet rs = p.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (SQLException e) {
            throw failure(sql, e);
        }
    }

    /** As {@link #queryRows(String)}, with bound parameters. */
    @Override
    public List<Map<String, Object>> rows(String sql, Object... params) {
        try (PreparedStatement p = prepared(sql, params);
                ResultSet rs = p.executeQuery()) {
            return ResultRows.of(rs);
        } catch (SQLException e) {
            throw failure(sql, e);
        }
    }

    /** The first column of every row as text, with bound parameters. */
    List<String> strings(String sql, Object... params) {
        try (PreparedStatement p = prepared(sql, params);
                ResultSet rs = p.executeQuery()) {
            return ResultRows.firstColumn(rs);
        } catch (SQLException e) {
            throw failure(sql, e);
        }
    }

    private PreparedStatement prepared(String sql, Object... params) throws SQLException {
        return Parameters.prepare(connection, sql, Arrays.asList(params));
    }

    @Override
    public boolean tableExists(String table) {
        String[] parts = identifier(table).split("\\.");
        String schema = parts.length == 2 ? parts[0] : "main";
        String name = parts[parts.length - 1];
        return queryLong(
                        "SELECT count(*) FROM information_schema.tables WHERE table_schema = ? AND table_name = ?",
                        schema,
                        name)
                > 0;
    }

    @Override
    public long tableVersion(String table) {
        return queryLong(
                "SELECT coalesce(max(write_id), 0) FROM " + WriteLog.TABLE + " WHERE table_name = ?",
                identifier(table));
    }

    @Override
    public Sql loadsAppended(String table, long after, long upTo) {
        return LakeSql.loadsAppended(Snapshots.LOADS, table, after, upTo);
    }

    @Override
    public long logRollback(LoggedWrite write) {
        return WriteLog.record(this, write);
    }

    @Override
    public String epochMicros(String expression) {
        return "epoch_us(" + expression + ")";
    }

    @Override
    public String quote(String column) {
        return '"' + column.replace("\"", "\"\"") + '"';
    }

    static String identifier(String name) {
        return LakeSql.identifier(name);
    }

    private static RuntimeException failure(String sql, SQLException e) {
        String message = String.valueOf(e.getMessage());
        if (message.startsWith("Out of Memory Error")) {
            return new IllegalStateException(
                    "lake statement failed: it needs more than the lake's memory limit and temp space allow "
                            + "(sluice.lake.memory-limit, sluice.lake.max-temp-directory-size): "
                            + message.lines().findFirst().orElse("")
                            + "\n  SQL: " + abbreviate(sql),
                    e);
        }
        return new IllegalStateException("lake statement failed: " + message + "\n  SQL: " + abbreviate(sql), e);
    }

    private static String abbreviate(String sql) {
        return sql.length() > 500 ? sql.substring(0, 500) + "..." : sql;
    }
}
