package io.sluice.lake.bitemporal;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Identifier checks and the few text fragments the statements of every bi-temporal engine are built from. */
public final class Sql {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private Sql() {}

    /** Returns {@code name} if it is a plain identifier, so that quoting it can never inject SQL. */
    public static String identifier(String name, String what) {
        if (name == null || !IDENTIFIER.matcher(name).matches()) {
            throw new IllegalArgumentException(what + " must match [A-Za-z_][A-Za-z0-9_]*, got: " + name);
        }
        return name;
    }

    public static String quote(String identifier) {
        return '"' + identifier + '"';
    }

    /** {@code "schema"."name"}, both checked to be plain identifiers. */
    public static String qualified(String schema, String name) {
        return quote(identifier(schema, "schema name")) + "." + quote(identifier(name, "table name"));
    }

    /** {@code a."x", a."y"} (or {@code "x", "y"} when alias is empty). */
    public static String list(List<String> columns, String alias) {
        String prefix = alias.isEmpty() ? "" : alias + ".";
        return columns.stream().map(c -> prefix + quote(c)).collect(Collectors.joining(", "));
    }

    /** {@code l."x" = r."x" AND l."y" = r."y"}; TRUE for no columns. */
    public static String equal(List<String> columns, String left, String right) {
        if (columns.isEmpty()) {
            return "TRUE";
        }
        return columns.stream()
                .map(c -> left + "." + quote(c) + " = " + right + "." + quote(c))
                .collect(Collectors.joining(" AND "));
    }

    /** {@code "x" TYPE<constraint>, } for each column, with the table's types. */
    public static String typed(BitemporalTable table, List<String> columns, String constraint) {
        return columns.stream()
                .map(c -> quote(c) + " " + table.type(c) + constraint + ", ")
                .collect(Collectors.joining());
    }

    /** {@code a."x", } for each column (no alias when empty), trailing comma included. */
    public static String prefixed(List<String> columns, String alias) {
        return columns.stream()
                .map(c -> (alias.isEmpty() ? "" : alias + ".") + quote(c) + ", ")
                .collect(Collectors.joining());
    }

    /** A SQL string literal. */
    public static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    public static String lower(String identifier) {
        return identifier.toLowerCase(Locale.ROOT);
    }
}
