package io.sluice.lake.postgres.bitemporal;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PostgreSQL type of a column declared with a type name of the table's declaration ({@code BitemporalTable}), which
 * the DuckDB engine reads as DuckDB types: the names both engines know pass as they are (VARCHAR, BIGINT, INTEGER,
 * DATE, BOOLEAN, UUID, TIMESTAMP, NUMERIC(p,s), ...), a few DuckDB-only names become their PostgreSQL equivalent, and
 * a bare DECIMAL becomes DuckDB's DECIMAL(18,3), so that a value's text, and so its value_hash, is the same in both.
 * Any other name goes to PostgreSQL as it is (which refuses a name it does not know when the table is created).
 */
final class PgTypes {

    private static final Map<String, String> RENAMED = Map.ofEntries(
            Map.entry("STRING", "VARCHAR"),
            Map.entry("TINYINT", "SMALLINT"),
            Map.entry("INT1", "SMALLINT"),
            Map.entry("UTINYINT", "SMALLINT"),
            Map.entry("USMALLINT", "INTEGER"),
            Map.entry("UINTEGER", "BIGINT"),
            Map.entry("UBIGINT", "NUMERIC(20,0)"),
            Map.entry("HUGEINT", "NUMERIC(38,0)"),
            Map.entry("UHUGEINT", "NUMERIC(39,0)"),
            Map.entry("LONG", "BIGINT"),
            Map.entry("SHORT", "SMALLINT"),
            Map.entry("DATETIME", "TIMESTAMP"),
            Map.entry("BLOB", "BYTEA"),
            Map.entry("DECIMAL", "NUMERIC(18,3)"),
            Map.entry("NUMERIC", "NUMERIC(18,3)"));

    /** {@code DECIMAL(p)} / {@code NUMERIC(p)}: DuckDB's scale 0. */
    private static final Pattern PRECISION_ONLY = Pattern.compile("(?i)(DECIMAL|NUMERIC) ?\\( ?(\\d{1,3}) ?\\)");

    private PgTypes() {}

    static String of(String declared) {
        String type = declared.trim();
        String renamed = RENAMED.get(type.toUpperCase(Locale.ROOT));
        if (renamed != null) {
            return renamed;
        }
        Matcher m = PRECISION_ONLY.matcher(type);
        return m.matches() ? "NUMERIC(" + m.group(2) + ",0)" : type;
    }
}
