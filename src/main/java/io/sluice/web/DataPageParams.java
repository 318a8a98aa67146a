package io.sluice.web;

import io.sluice.lake.LakeTimes;
import io.sluice.runs.RequestRejected;
import io.sluice.text.Text;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Reading a page's query string: blank means not given, anything else must be what the field takes, or the page shows
 * the refusal beside its filters ({@link RequestRejected} naming the field).
 */
final class DataPageParams {

    private DataPageParams() {}

    static Optional<String> text(String field, String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String trimmed = value.trim();
        Text.keyProblem(field, trimmed).ifPresent(problem -> {
            throw RequestRejected.invalid(field, problem);
        });
        return Optional.of(trimmed);
    }

    /**
     * A time with an offset ({@code 2025-01-01T00:00:00Z}) or without one, as a browser's date-time field sends it
     * ({@code 2025-01-01T00:00}, read as UTC).
     */
    static Optional<Instant> instant(String field, String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String v = value.trim();
        Instant instant;
        try {
            instant = OffsetDateTime.parse(v).toInstant();
        } catch (DateTimeParseException withOffset) {
            try {
                instant = LocalDateTime.parse(v).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e) {
                throw RequestRejected.malformed(
                        field, field + " must be a time like 2025-01-01T00:00:00Z, got " + Text.quote(v));
            }
        }
        if (LakeTimes.outside(instant)) {
            throw RequestRejected.invalid(field, field + " must be between " + LakeTimes.INSTANTS);
        }
        return Optional.of(instant);
    }

    static Optional<LocalDate> date(String field, String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String v = value.trim();
        LocalDate date;
        try {
            date = LocalDate.parse(v);
        } catch (DateTimeParseException e) {
            throw RequestRejected.malformed(field, field + " must be a date like 2021-06-30, got " + Text.quote(v));
        }
        if (LakeTimes.outside(date)) {
            throw RequestRejected.invalid(field, field + " must be between " + LakeTimes.DATES);
        }
        return Optional.of(date);
    }

    static Optional<Long> positiveLong(String field, String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            long n = Long.parseLong(value.trim());
            if (n < 1) {
                throw RequestRejected.invalid(field, field + " must be 1 or more, got " + n);
            }
            return Optional.of(n);
        } catch (NumberFormatException e) {
            throw RequestRejected.malformed(field, field + " must be a whole number, got " + Text.quote(value.trim()));
        }
    }

    static int between(String field, String value, int min, int max, int fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        long n;
        try {
            n = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw RequestRejected.malformed(field, field + " must be a whole number, got " + Text.quote(value.trim()));
        }
        if (n < min || n > max) {
            throw RequestRejected.invalid(field, field + " must be between " + min + " and " + max + ", got " + n);
        }
        return (int) n;
    }
}
