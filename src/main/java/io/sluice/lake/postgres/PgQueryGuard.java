package io.sluice.lake.postgres;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.lake.engine.BoundedQuery;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's side of a {@link BoundedQuery}. The statement must be one query (it starts with SELECT, WITH, VALUES or
 * TABLE, and holds no second statement), must not call the server's file and large-object functions, and its plan
 * ({@code EXPLAIN (VERBOSE, FORMAT JSON)}) may read only the lake's schema and the catalogs: where the lake shares the
 * metadata store's database, the store's tables (users, tokens) stay out of reach. It then runs with
 * {@code transaction_read_only} on, under {@code statement_timeout}, in the lake's transaction, which changes nothing.
 */
final class PgQueryGuard implements BoundedQuery.Guard {

    private static final Pattern FIRST_WORD = Pattern.compile("^[\\s(]*([A-Za-z]+)");

    /** The server functions that read or write files, large objects or other databases. */
    private static final Pattern SERVER_FILES = Pattern.compile(
            "\\b(pg_read_file|pg_read_binary_file|pg_ls_\\w+|pg_stat_file|lo_\\w+|dblink\\w*|pg_file_\\w+)\\b",
            Pattern.CASE_INSENSITIVE);

    private static final Set<String> QUERIES = Set.of("select", "with", "values", "table");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String schema;

    PgQueryGuard(String schema) {
        this.schema = schema;
    }

    @Override
    public Optional<String> refusal(Connection connection, String sql) throws SQLException {
        String code = SqlText.code(sql);
        Matcher first = FIRST_WORD.matcher(code);
        if (!first.find() || !QUERIES.contains(first.group(1).toLowerCase(Locale.ROOT))) {
            return Optional.of("only a read-only query may run (SELECT, WITH ... SELECT): this statement is not one");
        }
        if (code.contains(";")) {
            return Optional.of("give one statement at a time");
        }
        Matcher files = SERVER_FILES.matcher(code);
        if (files.find()) {
            return Optional.of("the query may read only the lake's tables: " + files.group(1) + " is not allowed");
        }
        Set<String> schemas = new TreeSet<>();
        try (PreparedStatement ps = connection.prepareStatement("EXPLAIN (VERBOSE, FORMAT JSON) " + sql);
                ResultSet rs = ps.executeQuery()) {
            rs.next();
            collect(JSON.readTree(rs.getString(1)), schemas);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return Optional.of("the statement's plan could not be read: " + e.getOriginalMessage());
        }
        schemas.removeAll(Set.of(schema, "pg_catalog", "information_schema"));
        return schemas.isEmpty()
                ? Optional.empty()
                : Optional.of("the query may read only the lake's tables (schema " + schema + "), not those of "
                        + String.join(", ", schemas));
    }

    private static void collect(JsonNode node, Set<String> schemas) {
        if (node.isObject() && node.has("Schema")) {
            schemas.add(node.get("Schema").asText());
        }
        for (JsonNode child : node) {
            collect(child, schemas);
        }
    }

    @Override
    public void begin(Connection connection, Duration timeLimit) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT set_config('transaction_read_only', 'on', true), set_config('statement_timeout', ?, true)")) {
            ps.setString(1, Long.toString(Math.max(1, timeLimit.toMillis())));
            ps.executeQuery().close();
        }
    }

    @Override
    public void end(Connection connection) {
        // the lake's transaction ends it; being read-only, it changed nothing
    }
}
