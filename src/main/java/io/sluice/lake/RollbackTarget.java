package io.sluice.lake;

import java.time.Instant;
import java.util.Optional;

/**
 * The earlier state to restore a table to: right after a run's last write of it ({@code toRun}), right before a run's
 * first write of it ({@code beforeRun}: undoes that run, and every later write with it), or as of a system time.
 * Exactly one is given.
 */
public record RollbackTarget(Optional<String> run, Optional<String> beforeRun, Optional<Instant> systemTime) {

    public RollbackTarget {
        int given = (run.isPresent() ? 1 : 0) + (beforeRun.isPresent() ? 1 : 0) + (systemTime.isPresent() ? 1 : 0);
        if (given != 1) {
            throw new IllegalArgumentException("give exactly one of toRun, beforeRun and toSystemTime");
        }
    }

    public static RollbackTarget toRun(String runId) {
        return new RollbackTarget(Optional.of(runId), Optional.empty(), Optional.empty());
    }

    /** The state right before run {@code runId}'s first write of the table: "undo this run". */
    public static RollbackTarget beforeRun(String runId) {
        return new RollbackTarget(Optional.empty(), Optional.of(runId), Optional.empty());
    }

    public static RollbackTarget toSystemTime(Instant instant) {
        return new RollbackTarget(Optional.empty(), Optional.empty(), Optional.of(instant));
    }

    /** The run the target names ({@code toRun} or {@code beforeRun}), if it names one. */
    public Optional<String> namedRun() {
        return run.or(() -> beforeRun);
    }

    /** The name of the field a request gives the target in: {@code toRun}, {@code beforeRun} or {@code toSystemTime}. */
    public String field() {
        return run.isPresent() ? "toRun" : beforeRun.isPresent() ? "beforeRun" : "toSystemTime";
    }

    /** {@code run:ID}, {@code before:ID} or {@code time:ISO-INSTANT}, as stored with the rollback run. */
    public String encode() {
        return run.map(r -> "run:" + r)
                .or(() -> beforeRun.map(r -> "before:" + r))
                .orElseGet(() -> "time:" + systemTime.orElseThrow());
    }

    public static RollbackTarget decode(String text) {
        if (text.startsWith("run:")) {
            return toRun(text.substring(4));
        }
        if (text.startsWith("before:")) {
            return beforeRun(text.substring(7));
        }
        if (text.startsWith("time:")) {
            return toSystemTime(Instant.parse(text.substring(5)));
        }
        throw new IllegalArgumentException("not a rollback target: " + text);
    }

    @Override
    public String toString() {
        return run.map(r -> "run " + r)
                .or(() -> beforeRun.map(r -> "just before run " + r))
                .orElseGet(() -> "system time " + systemTime.orElseThrow());
    }
}
