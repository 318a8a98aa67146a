package io.sluice.web;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** How times and durations read on the pages (UTC). */
final class Format {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    private Format() {
    }

    static String time(Instant instant) {
        return instant == null ? "" : TIME.format(instant);
    }

    static String duration(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + " ms";
        }
        if (ms < 60_000) {
            return String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        return (ms / 60_000) + " min " + (ms % 60_000) / 1000 + " s";
    }
}
