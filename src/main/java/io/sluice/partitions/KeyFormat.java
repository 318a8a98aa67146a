package io.sluice.partitions;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns the local start of a time window into a partition key and back. The key is the start formatted with a
 * {@link DateTimeFormatter} pattern; a start whose local time occurs twice (the repeated hour when clocks go
 * back) gets its UTC offset appended, {@code 2024-10-27-02:00+02:00} and {@code 2024-10-27-02:00+01:00}, so
 * every key is distinct while every other key stays offset-free. The two default patterns are formatted and
 * parsed by hand, because status pages and planners convert 100,000s of keys.
 */
final class KeyFormat {

    static final String DATE = "yyyy-MM-dd";
    static final String DATE_TIME = "yyyy-MM-dd-HH:mm";

    private final String pattern;
    private final DateTimeFormatter formatter;
    private final int fastLength;

    /** A key read back: the local date-time it names (missing fields at their minimum) and the offset, if given. */
    record ParsedKey(LocalDateTime local, Optional<ZoneOffset> offset) {}

    KeyFormat(String pattern) {
        this.pattern = pattern;
        try {
            this.formatter = new DateTimeFormatterBuilder()
                    .appendPattern(pattern)
                    .optionalStart()
                    .appendOffset("+HH:MM", "Z")
                    .optionalEnd()
                    .toFormatter(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "key format '" + pattern + "' is not a date-time pattern: " + e.getMessage(), e);
        }
        this.fastLength = pattern.equals(DATE) ? 10 : pattern.equals(DATE_TIME) ? 16 : 0;
    }

    String pattern() {
        return pattern;
    }

    String format(LocalDateTime local, ZoneOffset offsetOrNull) {
        int year = local.getYear();
        if (fastLength > 0 && year >= 1 && year <= 9999) {
            char[] text = new char[fastLength];
            digits(text, 0, year, 4);
            text[4] = '-';
            digits(text, 5, local.getMonthValue(), 2);
            text[7] = '-';
            digits(text, 8, local.getDayOfMonth(), 2);
            if (fastLength == 16) {
                text[10] = '-';
                digits(text, 11, local.getHour(), 2);
                text[13] = ':';
                digits(text, 14, local.getMinute(), 2);
            }
            String key = new String(text);
            return offsetOrNull == null ? key : key + offsetOrNull.getId();
        }
        return offsetOrNull == null ? formatter.format(local) : formatter.format(local.atOffset(offsetOrNull));
    }

    Optional<ParsedKey> parse(String key) {
        if (fastLength > 0 && key.length() >= fastLength && digit(key, 0) && key.charAt(4) == '-') {
            return parseFast(key);
        }
        TemporalAccessor parsed;
        try {
            parsed = formatter.parse(key);
        } catch (DateTimeException e) {
            return Optional.empty();
        }
        LocalDate date = parsed.query(TemporalQueries.localDate());
        if (date == null && parsed.isSupported(ChronoField.YEAR)) {
            int year = parsed.get(ChronoField.YEAR);
            int month = parsed.isSupported(ChronoField.MONTH_OF_YEAR) ? parsed.get(ChronoField.MONTH_OF_YEAR) : 1;
            date = LocalDate.of(year, month, 1);
        }
        if (date == null) {
            return Optional.empty();
        }
        LocalTime time = parsed.query(TemporalQueries.localTime());
        if (time == null) {
            int hour = parsed.isSupported(ChronoField.HOUR_OF_DAY) ? parsed.get(ChronoField.HOUR_OF_DAY) : 0;
            int minute = parsed.isSupported(ChronoField.MINUTE_OF_HOUR) ? parsed.get(ChronoField.MINUTE_OF_HOUR) : 0;
            time = LocalTime.of(hour, minute);
        }
        Optional<ZoneOffset> offset = parsed.isSupported(ChronoField.OFFSET_SECONDS)
                ? Optional.of(ZoneOffset.ofTotalSeconds(parsed.get(ChronoField.OFFSET_SECONDS)))
                : Optional.empty();
        return Optional.of(new ParsedKey(date.atTime(time), offset));
    }

    private Optional<ParsedKey> parseFast(String key) {
        for (int i = 0; i < fastLength; i++) {
            boolean separator = i == 4 || i == 7 || i == 10 || i == 13;
            if (separator ? key.charAt(i) != (i == 13 ? ':' : '-') : !digit(key, i)) {
                return Optional.empty();
            }
        }
        try {
            LocalDateTime local = LocalDateTime.of(
                    number(key, 0, 4),
                    number(key, 5, 2),
                    number(key, 8, 2),
                    fastLength == 16 ? number(key, 11, 2) : 0,
                    fastLength == 16 ? number(key, 14, 2) : 0);
            Optional<ZoneOffset> offset = key.length() == fastLength
                    ? Optional.empty()
                    : Optional.of(ZoneOffset.of(key.substring(fastLength)));
            return Optional.of(new ParsedKey(local, offset));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    private static boolean digit(String text, int at) {
        char c = text.charAt(at);
        return c >= '0' && c <= '9';
    }

    private static int number(String text, int from, int length) {
        int value = 0;
        for (int i = from; i < from + length; i++) {
            value = value * 10 + text.charAt(i) - '0';
        }
        return value;
    }

    private static void digits(char[] into, int at, int value, int length) {
        for (int i = at + length - 1; i >= at; i--) {
            into[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }
}
