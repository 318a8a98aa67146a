package io.sluice.lake.bitemporal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Thin JDBC calls on one connection: each one runs set-based statements, never a row loop. */
final class Statements {

    private final Connection connection;

    Statements(Connection connection) {
        this.connection = connection;
    }

    /** Runs several parameterless statements in one call. */
    void execute(List<String> sql) throws SQLException {
        if (sql.isEmpty()) {
            return;
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute(String.join(";\n", sql));
        }
    }

    /** Runs one statement; returns its update count (for CREATE TABLE AS: the rows created). */
    long update(String sql, String... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setString(i + 1, parameters[i]);
            }
            return statement.executeLargeUpdate();
        }
    }

    /** The first row of a query, as JDBC objects (an empty list when there is no row). */
    List<Object> row(String sql, String... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setString(i + 1, parameters[i]);
            }
            try (ResultSet rs = statement.executeQuery()) {
                List<Object> row = new ArrayList<>();
                if (rs.next()) {
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        row.add(rs.getObject(i));
                    }
                }
                return row;
            }
        }
    }
}
