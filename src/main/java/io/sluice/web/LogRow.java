package io.sluice.web;

import io.sluice.runs.LogLine;

/** One line of a run's log: time of day for reading, the full instant for the tooltip. */
public record LogRow(String time, String iso, String level, String asset, String message) {

    static LogRow of(LogLine line) {
        return new LogRow(Format.clock(line.ts()), Format.iso(line.ts()), line.level(), line.asset() == null ? "" : line.asset(),
                line.message());
    }
}
