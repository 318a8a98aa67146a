package io.sluice.api;

import io.sluice.catalog.AssetKey;
import io.sluice.lake.LakeTimes;
import io.sluice.runs.RequestRejected;
import io.sluice.text.Text;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Parsing of query parameters (and of body fields that hold a date, a timestamp or a choice) into problems: a value not
 * written as what it must be is a 400, a value written well but not allowed (out of range, not one of the choices) a 422.
 */
final class Params {
    private Params() {}

    static int integer(String name, String value) {
        String text = value == null ? "" : value.trim();
        if (!text.matches("[-+]?\\d+")) {
            throw RequestRejected.malformed(
                    name, "query parameter '" + name + "' must be a whole number, got " + Text.quote(value));
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw RequestRejected.invalid(
                    name, "query parameter '" + name + "' is out of range, got " + Text.quote(text));
        }
    }

    /** A whole number from {@code min} to {@code max}. */
    static int between(String name, String value, int min, int max) {
        int n = integer(name, value);
        if (n < min || n > max) {
            throw RequestRejected.invalid(
                    name,
                    max == Integer.MAX_VALUE
                            ? name + " must be >= " + min
                            : name + " must be between " + min + " and " + max + ", got " + n);
        }
        return n;
    }

    /** An enum field of a request body: a wrong value is a 422 naming the field and the allowed values. */
    static <E extends Enum<E>> E bodyEnum(Class<E> type, String field, String value) {
        return choice(type, field, value);
    }

    static <E extends Enum<E>> E enumValue(Class<E> type, String name, String value) {
        return choice(type, name, value);
    }

    private static <E extends Enum<E>> E choice(Class<E> type, String field, String value) {
        try {
            return Enum.valueOf(type, value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw RequestRejected.invalid(
                    field,
                    field + " must be one of " + Arrays.toString(type.getEnumConstants()) + "; got "
                            + Text.quote(value));
        }
    }

    /** A timestamp with an offset, like 2025-01-01T00:00:00Z (a 400 otherwise), in years 1 to 9999 (a 422 otherwise). */
    static Instant instant(String field, String value) {
        Instant instant;
        try {
            instant = OffsetDateTime.parse(value.trim()).toInstant();
        } catch (DateTimeParseException e) {
            throw RequestRejected.malformed(
                    field,
                    field + " must be a timestamp with offset like 2025-01-01T00:00:00Z, got " + Text.quote(value));
        }
        if (LakeTimes.outside(instant)) {
            throw RequestRejected.invalid(
                    field, field + " must be between " + LakeTimes.INSTANTS + ", got '" + value.trim() + "'");
        }
        return instant;
    }

    /** A date like 2021-06-30 (a 400 otherwise), in years 1 to 9999 (a 422 otherwise). */
    static LocalDate date(String field, String value) {
        LocalDate date;
        try {
            date = LocalDate.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw RequestRejected.malformed(field, field + " must be a date like 2021-06-30, got " + Text.quote(value));
        }
        if (LakeTimes.outside(date)) {
            throw RequestRejected.invalid(
                    field, field + " must be between " + LakeTimes.DATES + ", got '" + value.trim() + "'");
        }
        return date;
    }

    /** An asset key query parameter like {@code transform/form_adv_firm_identity}; empty if blank, a 400 if malformed. */
    static Optional<AssetKey> assetKey(String field, String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(AssetKey.parse(value.trim()));
        } catch (IllegalArgumentException e) {
            throw RequestRejected.malformed(field, e.getMessage());
        }
    }
}
