package io.sluice.web;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** How times, durations and counts read on the pages (UTC). */
final class Format {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private Format() {}

    static String time(Instant instant) {
        return instant == null ? "" : TIME.format(instant);
    }

    /** Machine-readable form for {@code <time datetime>}, which the page's script turns into "3 min ago". */
    static String iso(Instant instant) {
        return instant == null ? "" : DateTimeFormatter.ISO_INSTANT.format(instant);
    }

    /** Time of day with milliseconds, for log lines. */
    static String clock(Instant instant) {
        return instant == null ? "" : CLOCK.format(instant);
    }

    static String duration(Duration d) {
        return millis(d.toMillis());
    }

    /** From start to end, or to {@code now} while it has not ended. */
    static String duration(Instant start, Instant end, Instant now) {
        return start == null ? "" : duration(Duration.between(start, end == null ? now : end));
    }

    static String millis(long ms) {
        if (ms < 1000) {
            return ms + " ms";
        }
        if (ms < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        if (ms < 3_600_000) {
            return (ms / 60_000) + " min " + (ms % 60_000) / 1000 + " s";
        }
        return (ms / 3_600_000) + " h " + (ms % 3_600_000) / 60_000 + " min";
    }

    /** 16393 reads as "16,393". */
    static String count(long n) {
        // what String.format(Locale.ROOT, "%,d", n) writes, without parsing a format: a health bar writes hundreds
        String digits = Long.toString(n);
        int sign = n < 0 ? 1 : 0;
        int length = digits.length() - sign;
        if (length <= 3) {
            return digits;
        }
        StringBuilder grouped = new StringBuilder(digits.length() + length / 3);
        int head = sign + (length % 3 == 0 ? 3 : length % 3);
        grouped.append(digits, 0, head);
        for (int i = head; i < digits.length(); i += 3) {
            grouped.append(',').append(digits, i, i + 3);
        }
        return grouped.toString();
    }

    /** "1 key", "400 keys". */
    static String count(long n, String singular, String plural) {
        return count(n) + " " + (n == 1 ? singular : plural);
    }

    /** An HTML id made from an asset key: {@code raw/form_adv_filings} becomes {@code raw--form_adv_filings}. */
    static String domId(String assetKey) {
        return assetKey.replace("/", "--").replace('.', '-');
    }
}
