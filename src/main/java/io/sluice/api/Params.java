package io.sluice.api;

import io.sluice.catalog.LakeTimes;
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
        if (LakeTimes.outside(instant)) {
            throw new RequestRejected(status, field, field + " must be between " + LakeTimes.INSTANTS + ", got '" + value.trim() + "'");
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
        if (LakeTimes.outside(date)) {
            throw new RequestRejected(400, field, field + " must be between " + LakeTimes.DATES + ", got '" + value.trim() + "'");
        }
        return date;
    }

    /** An asset key query parameter like {@code transform/form_adv_firm_identity}; empty if blank, a 400 if malformed. */
    static java.util.Optional<io.sluice.catalog.AssetKey> assetKey(String field, String value) {
        if (value == null || value.isBlank()) {
            return java.util.Optional.empty();
        }
        try {
            return java.util.Optional.of(io.sluice.catalog.AssetKey.parse(value.trim()));
        } catch (IllegalArgumentException e) {
            throw new RequestRejected(400, field, e.getMessage());
        }
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
