package io.sluice.lake.bitemporal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/** SQL text with its {@code ?} parameters (all bound as strings and cast in SQL, so no driver type mapping applies). */
public record BoundQuery(String sql, List<String> parameters) {

    public BoundQuery {
        if (sql == null || sql.isBlank()) {
            throw new IllegalArgumentException("sql must not be empty");
        }
        parameters = List.copyOf(parameters);
    }

    /** Prepares the statement on {@code connection} with the parameters bound; the caller closes it. */
    public PreparedStatement prepare(Connection connection) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            for (int i = 0; i < parameters.size(); i++) {
                statement.setString(i + 1, parameters.get(i));
            }
            return statement;
        } catch (SQLException e) {
            statement.close();
            throw e;
        }
    }
}
