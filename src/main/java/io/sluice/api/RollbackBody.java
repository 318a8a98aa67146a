package io.sluice.api;

/**
 * The body of {@code POST /api/assets/{group}/{name}/rollback}: exactly one of {@code toRun} (the state right after the
 * run), {@code beforeRun} (the state right before the run: undoes it) and {@code toSystemTime}.
 */
public record RollbackBody(
        String toRun, String beforeRun, String toSystemTime, String partition, String reason, String launchedBy) {}
