package io.sluice.runs;

/** The step of an asset in a given run. */
public record AssetRun(String runId, RunStep step) {}
