package io.sluice.lake;

import java.time.Instant;
import java.util.Optional;

/** The earlier state to restore a table to: right after a run's write, or as of a system time. */
public record RollbackTarget(Optional<String> run, Optional<Instant> systemTime) {

    public RollbackTarget {
        if (run.isPresent() == systemTime.isPresent()) {
            throw new IllegalArgumentException("give exactly one of toRun and toSystemTime");
        }
    }

    public static RollbackTarget toRun(String runId) {
        return new RollbackTarget(Optional.of(runId), Optional.empty());
    }

    public static RollbackTarget toSystemTime(Instant instant) {
        return new RollbackTarget(Optional.empty(), Optional.of(instant));
    }

    /** {@code run:ID} or {@code time:ISO-INSTANT}, as stored with the rollback run. */
    public String encode() {
        return run.map(r -> "run:" + r).orElseGet(() -> "time:" + systemTime.orElseThrow());
    }

    public static RollbackTarget decode(String text) {
        if (text.startsWith("run:")) {
            return toRun(text.substring(4));
        }
        if (text.startsWith("time:")) {
            return toSystemTime(Instant.parse(text.substring(5)));
        }
        throw new IllegalArgumentException("not a rollback target: " + text);
    }

    @Override
    public String toString() {
        return run.map(r -> "run " + r).orElseGet(() -> "system time " + systemTime.orElseThrow());
    }
}
