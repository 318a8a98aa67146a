package io.sluice.lake.duckdb;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/** DuckDB's binding of values ({@link io.sluice.lake.engine.Parameters}): lists as VARCHAR[], BIGINT[] or DOUBLE[]. */
final class Parameters {

    private static final io.sluice.lake.engine.Parameters DUCKDB =
            new io.sluice.lake.engine.Parameters("VARCHAR", "BIGINT", "DOUBLE");

    private Parameters() {}

    static PreparedStatement prepare(Connection connection, String sql, List<?> params) throws SQLException {
        return DUCKDB.prepare(connection, sql, params);
    }

    static void bind(Connection connection, PreparedStatement p, int index, Object value) throws SQLException {
        DUCKDB.bind(connection, p, index, value);
    }
}
