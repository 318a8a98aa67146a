package io.sluice.lake.engine;

import io.sluice.lake.Sql;
import java.util.regex.Pattern;

/** SQL text every engine builds alike: checked table names, and the query of the loads an APPEND table received. */
public final class LakeSql {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

    private LakeSql() {}

    /** {@code name} if it is a plain identifier, optionally with its schema; else refused. */
    public static String identifier(String name) {
        if (name == null || !IDENTIFIER.matcher(name).matches()) {
            throw new IllegalArgumentException("not a valid lake identifier: '" + name + "'");
        }
        return name;
    }

    /**
     * Whether a table name is one a table browser lists: named without its schema, and not Sluice's own (the write log,
     * staging and snapshot tables start with {@code __}; a bi-temporal table's companions end in {@code __assertions}
     * and {@code __filings}).
     */
    public static boolean listable(String name) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        return !lower.contains(".")
                && !lower.startsWith("__")
                && !lower.endsWith("__assertions")
                && !lower.endsWith("__filings");
    }

    /**
     * The loads of {@code table} that the writes after version {@code after} up to {@code upTo} brought, from the
     * engine's table of loads ({@code loads}: table_name, load_id, write_id).
     */
    public static Sql loadsAppended(String loads, String table, long after, long upTo) {
        return Sql.of(
                "SELECT load_id FROM " + loads + " WHERE table_name = ? AND write_id > ? AND write_id <= ?",
                identifier(table),
                after,
                upTo);
    }
}
