package io.sluice.web;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message with the run ids in it made links: "already being materialized by run 01a2...; wait for it" reads with the
 * run a click away. Pure; the template escapes each part.
 */
record LinkedText(List<Part> parts) {

    /** Text, or a run id ({@code run} not null) to link. */
    record Part(String text, String run) {}

    /** A run id as Sluice makes them (a UUID). */
    private static final Pattern RUN_ID =
            Pattern.compile("\\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b");

    static LinkedText of(String message) {
        List<Part> parts = new ArrayList<>();
        if (message == null) {
            return new LinkedText(parts);
        }
        Matcher m = RUN_ID.matcher(message);
        int at = 0;
        while (m.find()) {
            if (m.start() > at) {
                parts.add(new Part(message.substring(at, m.start()), null));
            }
            parts.add(new Part(m.group(), m.group()));
            at = m.end();
        }
        if (at < message.length()) {
            parts.add(new Part(message.substring(at), null));
        }
        return new LinkedText(parts);
    }
}
