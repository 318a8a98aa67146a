package io.sluice.lake;

import java.time.Instant;
import java.time.LocalDate;

/**
 * The business dates and system times the lake reads and writes: years 1 to 9999, as DuckDB's DATE and TIMESTAMPTZ
 * take them without a sign or a fifth year digit (the bounds of a filing date in a bi-temporal write, too).
 */
public final class LakeTimes {

    public static final LocalDate FIRST_DATE = LocalDate.of(1, 1, 1);
    public static final LocalDate LAST_DATE = LocalDate.of(9999, 12, 31);
    public static final Instant FIRST_INSTANT = Instant.parse("0001-01-01T00:00:00Z");
    public static final Instant LAST_INSTANT = Instant.parse("9999-12-31T23:59:59.999999Z");
    /** "0001-01-01 and 9999-12-31", for messages. */
    public static final String DATES = FIRST_DATE + " and " + LAST_DATE;
    /** "0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999Z", for messages. */
    public static final String INSTANTS = FIRST_INSTANT + " and " + LAST_INSTANT;

    private LakeTimes() {}

    public static boolean outside(LocalDate date) {
        return date.isBefore(FIRST_DATE) || date.isAfter(LAST_DATE);
    }

    public static boolean outside(Instant instant) {
        return instant.isBefore(FIRST_INSTANT) || instant.isAfter(LAST_INSTANT);
    }
}
