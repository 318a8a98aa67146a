package io.sluice.lake;

import java.util.List;

/**
 * What a rollback did: its publication (when refused, not published, with the reason) and the partitions (keys, or
 * ranges {@code first...last}) of the writes the table's state was made of right before it and right after it. A
 * partition held before and not after lost its data to the rollback; one held after and not before got it back.
 */
public record RollbackOutcome(Publication publication, List<String> partitionsBefore, List<String> partitionsAfter) {

    public RollbackOutcome {
        partitionsBefore = List.copyOf(partitionsBefore);
        partitionsAfter = List.copyOf(partitionsAfter);
    }

    public static RollbackOutcome refused(String reason) {
        return new RollbackOutcome(new Publication(false, reason, 0, 0, 0, null, 0, List.of()), List.of(), List.of());
    }
}
