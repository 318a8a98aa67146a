package io.sluice.freshness;

import java.time.Instant;
import java.util.List;

/**
 * An asset's freshness as the faces show it: its policy in a sentence, its state since when, a sentence, and the first
 * few of its late partitions (oldest first) with their number.
 */
public record FreshnessView(
        String policy, FreshnessState state, Instant since, String detail, List<String> latePartitions, int lateCount) {

    /** How many late partitions a view names. */
    public static final int SHOWN_LATE = 5;

    public FreshnessView {
        latePartitions = List.copyOf(latePartitions);
    }

    /** The lower-case state, for a badge's class. */
    public String label() {
        return state.label();
    }
}
