package io.sluice.lake.bitemporal;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Why a batch is rejected (section 2 of docs/bitemporal.md), in the words every engine uses: as text, or as SQL
 * expressions that DuckDB and PostgreSQL both evaluate ({@code CAST(.. AS VARCHAR)}, {@code left}, {@code concat_ws}).
 */
public final class RejectionTexts {

    /** What a column is to a rejection: {@code "key column"}, {@code "date column"}, ... */
    public static final String KEY = "key column";

    public static final String DATE = "date column";
    public static final String VALUE = "value column";
    public static final String SCOPE = "scope column";

    /** Put before the problem of a filing marker. */
    public static final String MARKER = "filing marker: ";

    /** The rejection when a row's problem was marked but can no longer be told (the source read differently). */
    public static final String UNTOLD_ROW = "a row has a NULL or unreadable key or date, or an unreadable value";

    private RejectionTexts() {}

    /** {@code NULL in key column firm}. */
    public static String nullIn(String what, String column) {
        return "NULL in " + what + " " + column;
    }

    /**
     * A SQL text expression: {@code key column n: cannot read <the first 80 characters of ref's text> as BIGINT}, for
     * the column expression {@code ref} that cannot be read as {@code type}.
     */
    public static String cannotReadSql(String what, String column, String ref, String type) {
        return Sql.literal(what + " " + column + ": cannot read ") + " || left(CAST(" + ref + " AS VARCHAR), 80) || "
                + Sql.literal(" as " + type);
    }

    /**
     * A SQL text expression: {@code conflicting rows for key (F1, O1) on 2020-01-01}, over the key columns and
     * {@code filing_date} of a staged row (no alias).
     */
    public static String conflictSql(List<String> keys) {
        String key =
                keys.stream().map(k -> "CAST(" + Sql.quote(k) + " AS VARCHAR)").collect(Collectors.joining(", "));
        return "'conflicting rows for key (' || concat_ws(', ', " + key
                + ") || ') on ' || CAST(filing_date AS VARCHAR)";
    }
}
