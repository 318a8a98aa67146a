package io.sluice.web;

import io.sluice.runs.LogLine;
import io.sluice.runs.RequestRejected;
import io.sluice.text.Text;
import java.util.List;
import java.util.Locale;

/**
 * The run log's filter from the query string: the lowest level shown ({@code level=WARN} shows warnings and errors)
 * and a search, case-insensitive, in the message and the asset. The page and its live stream filter the same way.
 */
public record LogFilter(String level, String q) {

    static final List<String> LEVELS = List.of("DEBUG", "INFO", "WARN", "ERROR");

    public LogFilter {
        level = level == null ? "" : level.strip().toUpperCase(Locale.ROOT);
        q = q == null ? "" : q.strip();
        if (!level.isEmpty() && !LEVELS.contains(level)) {
            throw RequestRejected.invalid(
                    "level",
                    "level must be one of " + String.join(", ", LEVELS) + ", not '" + Text.escape(level) + "'");
        }
        if (q.length() > 200) {
            throw RequestRejected.invalid("q", "the search is longer than 200 characters");
        }
    }

    static LogFilter none() {
        return new LogFilter("", "");
    }

    public boolean active() {
        return !level.isEmpty() || !q.isEmpty();
    }

    boolean matches(LogLine line) {
        if (!level.isEmpty() && rank(line.level()) < rank(level)) {
            return false;
        }
        if (q.isEmpty()) {
            return true;
        }
        String needle = q.toLowerCase(Locale.ROOT);
        return line.message().toLowerCase(Locale.ROOT).contains(needle)
                || (line.asset() != null
                        && line.asset().toLowerCase(Locale.ROOT).contains(needle));
    }

    /** The query string of this filter, with a leading {@code ?}, or nothing. */
    String query() {
        StringBuilder s = new StringBuilder();
        if (!level.isEmpty()) {
            s.append("level=").append(OriginLink.encode(level));
        }
        if (!q.isEmpty()) {
            s.append(s.isEmpty() ? "" : "&").append("q=").append(OriginLink.encode(q));
        }
        return s.isEmpty() ? "" : "?" + s;
    }

    private static int rank(String level) {
        int at = LEVELS.indexOf(level == null ? "" : level.toUpperCase(Locale.ROOT));
        return at < 0 ? 1 : at;
    }
}
