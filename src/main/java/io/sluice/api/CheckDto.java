package io.sluice.api;

import io.sluice.runs.RecordedCheck;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A check result as the API shows it. */
public record CheckDto(
        String runId,
        String asset,
        String partition,
        String name,
        String severity,
        boolean passed,
        String observed,
        String threshold,
        String message,
        List<Map<String, Object>> sample,
        Instant ts) {

    static CheckDto of(RecordedCheck c) {
        return new CheckDto(
                c.runId(),
                c.asset().toString(),
                c.partition(),
                c.result().name(),
                c.result().severity().name(),
                c.result().passed(),
                c.result().observed(),
                c.result().threshold(),
                c.result().message(),
                c.result().sample(),
                c.ts());
    }
}
