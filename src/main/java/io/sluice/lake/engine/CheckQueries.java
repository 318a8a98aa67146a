package io.sluice.lake.engine;

import io.sluice.lake.AssetCheck;
import io.sluice.lake.WriteMode;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The SQL of each built-in check, over the table's current rows. Pure: returns text. A check query
 * returns the violating rows; the runner counts them and keeps a sample.
 */
public final class CheckQueries {

    private CheckQueries() {}

    /** The rows a check looks at: for bi-temporal tables those currently believed and currently valid. */
    public static String currentRows(String table, WriteMode mode) {
        return mode.keepsHistory()
                ? "(SELECT * FROM " + table + " WHERE system_to IS NULL AND valid_to IS NULL)"
                : "(SELECT * FROM " + table + ")";
    }

    /** The rows the table currently holds: for bi-temporal tables the current belief of the whole business history. */
    public static String believedRows(String table, WriteMode mode) {
        return mode.keepsHistory()
                ? "(SELECT * FROM " + table + " WHERE system_to IS NULL)"
                : "(SELECT * FROM " + table + ")";
    }

    /** The violating rows of a check (not used for the row-count tolerance, which compares counts). */
    public static String violations(AssetCheck check, String current) {
        if (check instanceof AssetCheck.NotNull n) {
            return "SELECT * FROM " + current + " c WHERE "
                    + n.columns().stream().map(col -> col + " IS NULL").collect(Collectors.joining(" OR "));
        }
        if (check instanceof AssetCheck.UniqueKeys u) {
            String cols = String.join(", ", u.columns());
            return "SELECT " + cols + ", count(*) AS duplicates FROM " + current + " c GROUP BY " + cols
                    + " HAVING count(*) > 1";
        }
        if (check instanceof AssetCheck.AcceptedValues a) {
            return "SELECT * FROM " + current + " c WHERE " + a.column() + " IS NOT NULL AND CAST(" + a.column()
                    + " AS VARCHAR) NOT IN ("
                    + a.values().stream().map(CheckQueries::literal).collect(Collectors.joining(", ")) + ")";
        }
        if (check instanceof AssetCheck.Range r) {
            StringBuilder where = new StringBuilder();
            if (r.min() != null) {
                where.append(r.column()).append(" < ").append(number(r.min()));
            }
            if (r.max() != null) {
                where.append(where.length() > 0 ? " OR " : "")
                        .append(r.column())
                        .append(" > ")
                        .append(number(r.max()));
            }
            return "SELECT * FROM " + current + " c WHERE " + where;
        }
        if (check instanceof AssetCheck.CustomSql c) {
            return customSql(c.sql(), current);
        }
        throw new IllegalArgumentException(
                "no violation query for " + check.getClass().getSimpleName());
    }

    /**
     * A custom check's query with {@code {table}} naming the current rows: they are a common table expression, so that
     * {@code FROM {table}} needs no alias on any engine (PostgreSQL before 16 requires one for a subquery) and may have
     * one; a query that has its own {@code WITH} gets the rows as its first expression.
     */
    static String customSql(String sql, String current) {
        String body = sql.strip();
        String rows = "checked_rows AS " + current;
        if (body.regionMatches(true, 0, "WITH RECURSIVE ", 0, 15)) {
            return "WITH RECURSIVE " + rows + ", " + body.substring(15).replace("{table}", "checked_rows");
        }
        if (body.regionMatches(true, 0, "WITH ", 0, 5)) {
            return "WITH " + rows + ", " + body.substring(5).replace("{table}", "checked_rows");
        }
        return "WITH " + rows + " " + body.replace("{table}", "checked_rows");
    }

    /** What a check requires, in words, for the threshold column of its result. */
    public static String threshold(AssetCheck check, Long previousRows) {
        if (check instanceof AssetCheck.RowCountTolerance t) {
            return previousRows == null
                    ? "no previous materialization"
                    : "within " + number(t.percent()) + "% of " + previousRows;
        }
        if (check instanceof AssetCheck.AcceptedValues a) {
            return "one of " + a.values();
        }
        if (check instanceof AssetCheck.Range r) {
            return bounds(r.min(), r.max());
        }
        if (check instanceof AssetCheck.ValueThreshold t) {
            return "in " + bounds(t.min(), t.max());
        }
        return "0 violating rows";
    }

    private static String bounds(Double min, Double max) {
        return "[" + (min == null ? "-inf" : number(min)) + ", " + (max == null ? "inf" : number(max)) + "]";
    }

    /** Whether {@code value} lies within a threshold check's bounds (a missing value does not). */
    public static boolean withinBounds(Double value, AssetCheck.ValueThreshold t) {
        return value != null
                && !value.isNaN()
                && (t.min() == null || value >= t.min())
                && (t.max() == null || value <= t.max());
    }

    /** Whether {@code rows} is within the tolerance of {@code previous}. */
    public static boolean withinTolerance(long rows, Long previous, double percent) {
        if (previous == null) {
            return true;
        }
        double allowed = previous * percent / 100.0;
        return Math.abs(rows - previous) <= allowed;
    }

    static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%s", value);
    }
}
