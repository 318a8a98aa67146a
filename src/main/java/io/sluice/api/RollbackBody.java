package io.sluice.api;

/** The body of {@code POST /api/assets/{group}/{name}/rollback}: exactly one of {@code toRun} and {@code toSystemTime}. */
public record RollbackBody(String toRun, String toSystemTime, String partition, String reason, String launchedBy) {}
