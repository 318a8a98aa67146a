package io.sluice.lake;

import java.util.List;
import java.util.Objects;

/**
 * A data check declared with an asset. {@link Severity#ERROR} checks run before publishing and block it;
 * {@link Severity#WARN} checks run after publishing and are only reported.
 */
public sealed interface AssetCheck
        permits AssetCheck.RowCountTolerance,
                AssetCheck.NotNull,
                AssetCheck.UniqueKeys,
                AssetCheck.AcceptedValues,
                AssetCheck.Range,
                AssetCheck.CustomSql,
                AssetCheck.ValueThreshold {

    enum Severity {
        ERROR,
        WARN
    }

    String name();

    Severity severity();

    /** The current row count is within {@code percent} % of the previous materialization's. */
    record RowCountTolerance(String name, Severity severity, double percent) implements AssetCheck {
        public RowCountTolerance {
            check(name, severity);
            if (percent < 0) {
                throw new IllegalArgumentException("tolerance must be >= 0 %");
            }
        }
    }

    /** None of the columns is NULL in the current rows. */
    record NotNull(String name, Severity severity, List<String> columns) implements AssetCheck {
        public NotNull {
            check(name, severity);
            columns = validColumns(columns);
        }
    }

    /** The columns identify at most one current row (per system time for bi-temporal tables: the current slice). */
    record UniqueKeys(String name, Severity severity, List<String> columns) implements AssetCheck {
        public UniqueKeys {
            check(name, severity);
            columns = validColumns(columns);
        }
    }

    /** Every current value of the column is one of {@code values} (NULL passes: pair with NotNull). */
    record AcceptedValues(String name, Severity severity, String column, List<String> values) implements AssetCheck {
        public AcceptedValues {
            check(name, severity);
            validColumns(List.of(column));
            values = List.copyOf(values);
        }
    }

    /** Every current value of the column lies in [min, max] (either bound may be null). */
    record Range(String name, Severity severity, String column, Double min, Double max) implements AssetCheck {
        public Range {
            check(name, severity);
            validColumns(List.of(column));
            if (min == null && max == null) {
                throw new IllegalArgumentException("a range needs min or max");
            }
        }
    }

    /**
     * A query returning the violating rows; {@code {table}} in it names the table's current rows
     * (as they would be published).
     */
    record CustomSql(String name, Severity severity, String sql) implements AssetCheck {
        public CustomSql {
            check(name, severity);
            Objects.requireNonNull(sql, "sql");
            if (!sql.contains("{table}")) {
                throw new IllegalArgumentException("custom check '" + name + "' must refer to {table}");
            }
        }
    }

    /**
     * A query returning one number (the first column of its first row); {@code {table}} in it names the table's current
     * rows, as for {@link CustomSql}. It passes when the number lies in [min, max] (either bound may be null); no row or
     * a NULL fails, since there is no figure to judge. For figures an asset computes into its own table, e.g. a
     * scorecard's null share of a column: {@code SELECT value FROM {table} WHERE metric = 'null_share'}.
     */
    record ValueThreshold(String name, Severity severity, String sql, Double min, Double max) implements AssetCheck {
        public ValueThreshold {
            check(name, severity);
            Objects.requireNonNull(sql, "sql");
            if (!sql.contains("{table}")) {
                throw new IllegalArgumentException("threshold check '" + name + "' must refer to {table}");
            }
            if (min == null && max == null) {
                throw new IllegalArgumentException("a threshold needs min or max");
            }
        }
    }

    private static void check(String name, Severity severity) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a check needs a name");
        }
        Objects.requireNonNull(severity, "severity");
    }

    private static List<String> validColumns(List<String> columns) {
        if (columns == null || columns.isEmpty()) {
            throw new IllegalArgumentException("a check needs at least one column");
        }
        for (String c : columns) {
            if (c == null || !WriteMode.IDENTIFIER.matcher(c).matches()) {
                throw new IllegalArgumentException("not a valid column name: '" + c + "'");
            }
        }
        return List.copyOf(columns);
    }
}
