package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/** One line of a backfill's progress: a bar on a terminal, plain words otherwise. Pure. */
final class BackfillProgressLine {

    private BackfillProgressLine() {}

    /** "COMPLETED 8766/8766 partitions done, 0 failed, 0 left, 43.1/s" (and the ETA while it runs). */
    static String words(JsonNode backfill) {
        return words(backfill, Instant.now());
    }

    /** As {@link #words(JsonNode)}, the ETA as the time left from {@code now}: "ETA 2m 05s". */
    static String words(JsonNode backfill, Instant now) {
        JsonNode p = backfill.path("progress");
        JsonNode parts = p.path("partitions");
        long total = parts.path("total").asLong();
        long done = parts.path("succeeded").asLong();
        long failed = parts.path("failed").asLong() + parts.path("canceled").asLong();
        long left = parts.path("queued").asLong() + parts.path("running").asLong();
        String eta = p.hasNonNull("eta") ? ", ETA " + left(now, p.path("eta").asText()) : "";
        return backfill.path("status").asText() + " " + done + "/" + total + " partitions done, " + failed
                + " failed, " + left + " left, "
                + String.format(
                        Locale.ROOT, "%.1f", p.path("partitionsPerSecond").asDouble()) + "/s" + eta;
    }

    /** The time from {@code now} to {@code eta}: "45s", "2m 05s", "3h 07m"; the text as it is if it is no time. */
    static String left(Instant now, String eta) {
        Instant at;
        try {
            at = Instant.parse(eta);
        } catch (DateTimeParseException e) {
            return eta;
        }
        long s = Math.max(0, Duration.between(now, at).toSeconds());
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm %02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%dh %02dm", s / 3600, s % 3600 / 60);
    }

    /** "[#########...........]  45% " before {@link #words}, {@code width} characters of bar. */
    static String bar(JsonNode backfill, int width) {
        return bar(backfill, width, Instant.now());
    }

    static String bar(JsonNode backfill, int width, Instant now) {
        JsonNode parts = backfill.path("progress").path("partitions");
        long total = Math.max(1, parts.path("total").asLong());
        long ended = parts.path("succeeded").asLong()
                + parts.path("failed").asLong()
                + parts.path("canceled").asLong()
                + parts.path("skipped").asLong();
        int filled = (int) Math.min(width, ended * width / total);
        long percent = Math.min(100, ended * 100 / total);
        return "[" + "#".repeat(filled) + ".".repeat(width - filled) + "] "
                + String.format(Locale.ROOT, "%3d%% ", percent) + words(backfill, now);
    }
}
