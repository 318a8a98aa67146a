package io.sluice.backfill;

import io.sluice.runs.Run;
import java.util.Map;
import java.util.Optional;

/** How a run says it belongs to a backfill: the backfill's id is its group, and its tag {@value #BACKFILL} names it. */
public final class BackfillTags {

    /** The tag of a backfill's runs naming the backfill (as Dagster's {@code dagster/backfill}). */
    public static final String BACKFILL = "sluice/backfill";

    private BackfillTags() {}

    /** The tags of a run of the backfill. */
    public static Map<String, String> of(String backfillId) {
        return Map.of(BACKFILL, backfillId);
    }

    /** The backfill the run belongs to, if any. */
    public static Optional<String> backfillOf(Run run) {
        return Optional.ofNullable(run.tags().get(BACKFILL));
    }
}
