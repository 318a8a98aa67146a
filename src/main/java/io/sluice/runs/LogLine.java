package io.sluice.runs;

import java.time.Instant;

/** One line of a run's own log. */
public record LogLine(long id, Instant ts, String level, String asset, String message) {}
