package io.sluice.runs;

/** A run that has ended, with its group (null for a run of its own); carried by {@link RunsEnded}. */
public record RunFinished(String runId, String group, RunStatus status) {}
