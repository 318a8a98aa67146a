package io.sluice.web;

import java.util.List;

/**
 * What became of a post of the launchpad: a launched run (with where it stands in the queue when it waits for other
 * runs) or backfill, a preview, or a refusal naming the field; all empty on a fresh page.
 */
public record LaunchResult(
        RunRow run, QueueView queue, BackfillRow backfill, LaunchPreview preview, String field, String error) {

    static final LaunchResult NONE = new LaunchResult(null, null, null, null, null, null);

    /** A refusal of a fresh page's query string, naming the field. */
    static LaunchResult refused(String field, String error) {
        return new LaunchResult(null, null, null, null, field, error);
    }

    static LaunchResult of(LaunchSubmission.Outcome outcome) {
        if (outcome instanceof LaunchSubmission.LaunchedRun r) {
            return new LaunchResult(r.run(), r.queue(), null, null, null, null);
        }
        if (outcome instanceof LaunchSubmission.LaunchedBackfill b) {
            return new LaunchResult(null, null, b.backfill(), null, null, null);
        }
        if (outcome instanceof LaunchSubmission.Previewed p) {
            return new LaunchResult(null, null, null, p.preview(), null, null);
        }
        LaunchSubmission.Rejected r = (LaunchSubmission.Rejected) outcome;
        return new LaunchResult(null, null, null, null, r.field(), r.message());
    }

    /** The refusal with the runs it names as links (a run that holds what the launch needs). */
    public List<LinkedText.Part> errorParts() {
        return LinkedText.of(error).parts();
    }
}
