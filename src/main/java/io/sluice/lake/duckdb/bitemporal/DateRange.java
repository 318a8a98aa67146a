package io.sluice.lake.duckdb.bitemporal;

import java.time.LocalDate;
import java.util.Objects;

/** Dates {@code [from, until)} of a table's date column: the part of the knowledge a partition rollback restores. */
public record DateRange(LocalDate from, LocalDate until) {

    public DateRange {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(until, "until");
        if (!from.isBefore(until)) {
            throw new IllegalArgumentException("a date range must end after it starts: [" + from + ", " + until + ")");
        }
    }

    /** The SQL condition that {@code column} lies in the range (dates are written as literals: they are only ever dates). */
    String sql(String column) {
        return column + " >= DATE '" + from + "' AND " + column + " < DATE '" + until + "'";
    }
}
