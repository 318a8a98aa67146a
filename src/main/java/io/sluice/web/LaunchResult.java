package io.sluice.web;

/** What became of a post of the launchpad: a launched run or backfill, a preview, or a refusal naming the field; all empty on a fresh page. */
public record LaunchResult(RunRow run, BackfillRow backfill, LaunchPreview preview, String field, String error) {

    static final LaunchResult NONE = new LaunchResult(null, null, null, null, null);

    static LaunchResult of(LaunchSubmission.Outcome outcome) {
        if (outcome instanceof LaunchSubmission.LaunchedRun r) {
            return new LaunchResult(r.run(), null, null, null, null);
        }
        if (outcome instanceof LaunchSubmission.LaunchedBackfill b) {
            return new LaunchResult(null, b.backfill(), null, null, null);
        }
        if (outcome instanceof LaunchSubmission.Previewed p) {
            return new LaunchResult(null, null, p.preview(), null, null);
        }
        LaunchSubmission.Rejected r = (LaunchSubmission.Rejected) outcome;
        return new LaunchResult(null, null, null, r.field(), r.message());
    }
}
