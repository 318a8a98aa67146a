package io.sluice.runs;

/** A run that has ended, with its backfill (null for a single launch); carried by {@link RunsEnded}. */
public record RunFinished(String runId, String backfillId, RunStatus status) {
}
