package io.sluice.api;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The body of {@code POST /api/assets/{key}/rollback}: exactly one of {@code toRun} and {@code toSystemTime}, and why. */
public record RollbackBody(
        String toRun,
        String toSystemTime,
        String partition,
        @Schema(required = true) String reason,
        String launchedBy) {}
