package io.sluice.api;

import io.sluice.runs.RequestRejected;
import java.util.Arrays;

/** Parsing of query parameters into clear 400 problems. */
final class Params {
    private Params() {
    }

    static int integer(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException | NullPointerException e) {
            if (value != null && value.trim().matches("[-+]?\\d+")) {
                throw new RequestRejected(400, name, "query parameter '" + name + "' is out of range, got '" + value.trim() + "'");
            }
            throw new RequestRejected(400, name, "query parameter '" + name + "' must be an integer, got '" + value + "'");
        }
    }

    /** An enum field of a request body: a wrong value is a 422 naming the field and the allowed values. */
    static <E extends Enum<E>> E bodyEnum(Class<E> type, String field, String value) {
        try {
            return Enum.valueOf(type, value.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw RequestRejected.invalid(field, field + " must be one of " + Arrays.toString(type.getEnumConstants()) + "; got '" + value + "'");
        }
    }

    /** The earliest and latest dates and times the lake reads and writes (as its filing dates: years 1 to 9999). */
    static final java.time.LocalDate FIRST_DATE = java.time.LocalDate.of(1, 1, 1);
    static final java.time.LocalDate LAST_DATE = java.time.LocalDate.of(9999, 12, 31);
    static final java.time.Instant FIRST_INSTANT = FIRST_DATE.atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
    static final java.time.Instant LAST_INSTANT = LAST_DATE.plusDays(1).atStartOfDay(java.time.ZoneOffset.UTC).toInstant()
            .minusNanos(1000);

    /** A timestamp query parameter with an offset, like 2025-01-01T00:00:00Z, in years 1 to 9999 (a 400 otherwise). */
    static java.time.Instant instant(String field, String value) {
        return instant(400, field, value);
    }

    /** As {@link #instant(String, String)}, rejected with {@code status}. */
    static java.time.Instant instant(int status, String field, String value) {
        java.time.Instant instant;
        try {
            instant = java.time.OffsetDateTime.parse(value.trim()).toInstant();
        } catch (java.time.format.DateTimeParseException e) {
            throw new RequestRejected(status, field, field + " must be a timestamp with offset like 2025-01-01T00:00:00Z, got '" + value + "'");
        }
        if (instant.isBefore(FIRST_INSTANT) || instant.isAfter(LAST_INSTANT)) {
            throw new RequestRejected(status, field, field + " must be between " + FIRST_INSTANT + " and 9999-12-31T23:59:59.999999Z, got '"
                    + value.trim() + "'");
        }
        return instant;
    }

    /** A date query parameter like 2021-06-30, in years 1 to 9999 (a 400 otherwise). */
    static java.time.LocalDate date(String field, String value) {
        java.time.LocalDate date;
        try {
            date = java.time.LocalDate.parse(value.trim());
        } catch (java.time.format.DateTimeParseException e) {
            throw new RequestRejected(400, field, field + " must be a date like 2021-06-30, got '" + value + "'");
        }
        if (date.isBefore(FIRST_DATE) || date.isAfter(LAST_DATE)) {
            throw new RequestRejected(400, field, field + " must be between " + FIRST_DATE + " and " + LAST_DATE + ", got '" + value.trim() + "'");
        }
        return date;
    }

    static <E extends Enum<E>> E enumValue(Class<E> type, String name, String value) {
        try {
            return Enum.valueOf(type, value.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new RequestRejected(400, name, "'" + value + "' is not a valid " + name + "; use one of "
                    + Arrays.toString(type.getEnumConstants()));
        }
    }
}
