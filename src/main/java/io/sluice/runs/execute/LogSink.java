package io.sluice.runs.execute;

import io.sluice.catalog.AssetKey;
import java.time.Instant;

/** Where a run's log lines go: the store directly, or a group's buffer. */
interface LogSink {
    void append(String runId, Instant ts, String level, AssetKey asset, String message);

    /** Whether INFO lines also go to the server log (warnings and errors always do). */
    default boolean mirrorsInfo() {
        return true;
    }
}
