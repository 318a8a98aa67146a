package io.sluice.lake.engine;

import io.sluice.lake.CheckResult;
import io.sluice.lake.Publication;
import java.util.ArrayList;
import java.util.List;

/** What every engine's publish decides alike: a refusal that rolls the publish back, and its outcome with the checks. */
public final class Publishing {

    private Publishing() {}

    /** Thrown inside the publishing transaction to roll it back while keeping what happened. */
    public static final class NotPublished extends RuntimeException {
        private final transient Publication publication;

        public NotPublished(Publication publication) {
            super(publication.rejection(), null, false, false);
            this.publication = publication;
        }

        public Publication publication() {
            return publication;
        }
    }

    /** Refuses (with {@link NotPublished}) a write whose blocking checks failed: the table stays as it was. */
    public static void requireChecksPassed(WriteOutcome outcome, long currentRows, List<CheckResult> checks) {
        List<String> failed = checks.stream()
                .filter(CheckResult::blocksPublish)
                .map(CheckResult::name)
                .toList();
        if (!failed.isEmpty()) {
            throw new NotPublished(new Publication(
                    false,
                    "blocking checks failed: " + String.join(", ", failed),
                    outcome.rowsIn(),
                    outcome.rowsInserted(),
                    outcome.rowsRemoved(),
                    null,
                    currentRows,
                    checks));
        }
    }

    /** Refuses (with {@link NotPublished}) a batch the table's writer rejected. */
    public static void requireAccepted(WriteOutcome outcome) {
        if (outcome.isRejected()) {
            throw new NotPublished(new Publication(
                    false, "batch rejected: " + outcome.rejection(), outcome.rowsIn(), 0, 0, null, 0, List.of()));
        }
    }

    /** The publication of a committed write. */
    public static Publication published(WriteOutcome outcome, long currentRows, List<CheckResult> checks) {
        return new Publication(
                true,
                null,
                outcome.rowsIn(),
                outcome.rowsInserted(),
                outcome.rowsRemoved(),
                outcome.systemTime(),
                currentRows,
                checks);
    }

    /** A committed publication with the warning checks run after its commit added to its checks. */
    public static Publication withWarnings(Publication published, List<CheckResult> warnings) {
        if (warnings.isEmpty()) {
            return published;
        }
        List<CheckResult> all = new ArrayList<>(published.checks());
        all.addAll(warnings);
        return new Publication(
                true,
                null,
                published.rowsIn(),
                published.rowsInserted(),
                published.rowsRemoved(),
                published.systemTime(),
                published.currentRows(),
                all);
    }
}
