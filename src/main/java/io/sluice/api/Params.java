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

    /** A timestamp query parameter with an offset, like 2025-01-01T00:00:00Z. */
    static java.time.Instant instant(String field, String value) {
        try {
            return java.time.OffsetDateTime.parse(value.trim()).toInstant();
        } catch (java.time.format.DateTimeParseException e) {
            throw new RequestRejected(400, field, field + " must be a timestamp with offset like 2025-01-01T00:00:00Z, got '" + value + "'");
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
