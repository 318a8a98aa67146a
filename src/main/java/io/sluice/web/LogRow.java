package io.sluice.web;

import io.sluice.runs.LogLine;
import io.sluice.text.Text;

/**
 * One line of a run's log: time of day for reading, the full instant for the tooltip. The message is shown with its
 * control characters escaped (as the server log shows it): the run log is drawn as lines of text, where a line break in
 * a reason would draw a line that the run never logged. The stored line, and the API, keep the text as it was.
 */
public record LogRow(String time, String iso, String level, String asset, String message) {

    static LogRow of(LogLine line) {
        return new LogRow(
                Format.clock(line.ts()),
                Format.iso(line.ts()),
                line.level(),
                line.asset() == null ? "" : line.asset(),
                Text.escape(line.message()));
    }
}
