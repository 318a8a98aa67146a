package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/** One line of a backfill's progress: a bar on a terminal, plain words otherwise. Pure. */
final class BackfillProgressLine {

    private BackfillProgressLine() {}

    /**
     * "COMPLETED 8766/8766 partitions done, 0 failed, 0 left, 43.1/s" and, while it runs, the time left at the current
     * rate: "ETA 2m 05s" (from the server's figures alone, so no clock of this machine is read).
     */
    static String words(JsonNode backfill) {
        JsonNode p = backfill.path("progress");
        JsonNode parts = p.path("partitions");
        long total = parts.path("total").asLong();
        long done = parts.path("succeeded").asLong();
        long failed = parts.path("failed").asLong() + parts.path("canceled").asLong();
        long left = parts.path("queued").asLong() + parts.path("running").asLong();
        double rate = p.path("partitionsPerSecond").asDouble();
        String eta = left > 0 && rate > 0 ? ", ETA " + duration(Math.round(left / rate)) : "";
        return backfill.path("status").asText() + " " + done + "/" + total + " partitions done, " + failed + " failed, "
                + left + " left, " + String.format(Locale.ROOT, "%.1f", rate) + "/s" + eta;
    }

    /** {@code seconds} as a person reads a wait: "45s", "2m 05s", "3h 07m". */
    static String duration(long seconds) {
        long s = Math.max(0, seconds);
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
        JsonNode parts = backfill.path("progress").path("partitions");
        long total = Math.max(1, parts.path("total").asLong());
        long ended = parts.path("succeeded").asLong()
                + parts.path("failed").asLong()
                + parts.path("canceled").asLong()
                + parts.path("skipped").asLong();
        int filled = (int) Math.min(width, ended * width / total);
        long percent = Math.min(100, ended * 100 / total);
        return "[" + "#".repeat(filled) + ".".repeat(width - filled) + "] "
                + String.format(Locale.ROOT, "%3d%% ", percent) + words(backfill);
    }
}
