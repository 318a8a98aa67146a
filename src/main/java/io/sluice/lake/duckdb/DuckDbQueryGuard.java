package io.sluice.lake.duckdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.lake.engine.BoundedQuery;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * DuckDB's side of a {@link BoundedQuery}: DuckDB's own parser says what the statement is ({@code json_serialize_sql},
 * which serializes only SELECT statements), so a statement that is not exactly one query is refused before it runs, as
 * is one that reads files or other databases (table functions other than a few generators, a file path or a URL in
 * {@code FROM}, another catalog). It then runs in a {@code READ ONLY} transaction that is rolled back.
 */
final class DuckDbQueryGuard implements BoundedQuery.Guard {

    /** Table functions that read nothing outside the query. */
    private static final Set<String> GENERATORS = Set.of("range", "generate_series", "unnest");

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public Optional<String> refusal(Connection connection, String sql) throws SQLException {
        JsonNode parsed;
        try (PreparedStatement ps = connection.prepareStatement("SELECT json_serialize_sql(?)")) {
            ps.setString(1, sql);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                parsed = JSON.readTree(rs.getString(1));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                return Optional.of("the statement could not be read: " + e.getOriginalMessage());
            }
        }
        if (parsed.path("error").asBoolean(false)) {
            String type = parsed.path("error_type").asText("");
            String message = BoundedQuery.firstLine(parsed.path("error_message").asText(""));
            return Optional.of(
                    type.equals("not implemented")
                            ? "only a read-only query may run (SELECT, WITH ... SELECT): this statement is not one"
                            : "the query does not parse: " + message);
        }
        if (parsed.path("statements").size() != 1) {
            return Optional.of("give one statement at a time, not "
                    + parsed.path("statements").size());
        }
        String catalog = currentCatalog(connection);
        return outside(parsed.path("statements"), catalog);
    }

    /** The first thing in {@code node} that reads outside the lake's tables, as a sentence. */
    private static Optional<String> outside(JsonNode node, String catalog) {
        if (node.isObject()) {
            String type = node.path("type").asText("");
            if (type.equals("TABLE_FUNCTION")) {
                String function = node.path("function").path("function_name").asText("");
                if (!GENERATORS.contains(function.toLowerCase(Locale.ROOT))) {
                    return Optional.of("the query may read only the lake's tables: table function " + function
                            + " is not allowed (only "
                            + String.join(", ", GENERATORS.stream().sorted().toList()) + ")");
                }
            }
            if (type.equals("BASE_TABLE")) {
                String table = node.path("table_name").asText("");
                String inCatalog = node.path("catalog_name").asText("");
                if (!IDENTIFIER.matcher(table).matches()) {
                    return Optional.of("the query may read only the lake's tables, not '" + table
                            + "' (a file, a URL or a quoted name)");
                }
                if (!inCatalog.isEmpty() && !inCatalog.equalsIgnoreCase(catalog)) {
                    return Optional.of("the query may read only the lake's tables, not those of " + inCatalog);
                }
            }
        }
        for (JsonNode child : node) {
            Optional<String> found = outside(child, catalog);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    private static String currentCatalog(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_database()")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Override
    public void begin(Connection connection, Duration timeLimit) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("BEGIN TRANSACTION READ ONLY");
        }
    }

    @Override
    public void end(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("ROLLBACK");
        }
    }
}
