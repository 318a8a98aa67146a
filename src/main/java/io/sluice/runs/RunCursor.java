package io.sluice.runs;

import java.time.Instant;

/**
 * A position in the runs list, newest first: a run's creation instant and id (ids break ties between runs created at
 * the same instant).
 */
public record RunCursor(Instant createdAt, String id) {

    public RunCursor {
        if (createdAt == null || id == null || id.isBlank()) {
            throw new IllegalArgumentException("a run cursor needs an instant and a run id");
        }
    }

    public static RunCursor of(Run run) {
        return new RunCursor(run.createdAt(), run.id());
    }
}
