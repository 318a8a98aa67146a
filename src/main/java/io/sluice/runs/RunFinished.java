package io.sluice.runs;

/** Fired (as a CDI event) when a run has ended, so that backfills can track their progress. */
public record RunFinished(String runId, String backfillId, RunStatus status) {
}
