package io.sluice.lake;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a rollback did: its publication (when refused, not published, with the reason); the partitions (keys, or ranges
 * {@code first...last}) of the writes the table's state was made of right before it and right after it (a partition held
 * before and not after lost its data to the rollback; one held after and not before got it back); the incremental state
 * each partition it changed is left with ({@link Watermark}); and when the table first left the restored state
 * ({@code changedSince}: the earliest write it undoes, or the rollback that had taken out a write it brings back), so that
 * whoever read the table since read data the rollback changes.
 */
public record RollbackOutcome(
        Publication publication,
        List<String> partitionsBefore,
        List<String> partitionsAfter,
        List<Watermark> watermarks,
        Optional<Instant> changedSince) {

    /**
     * The watermark of a partition ({@code partition} null: a table that is not partitioned) once the rollback is in effect:
     * that of its latest write in effect that recorded one, since the partition's data is that write's again; {@code value}
     * null when none did (the asset's next INCREMENTAL run then starts from nothing, as a first run does). Engines give
     * one for each partition whose writes in effect the rollback changed, and for no other.
     */
    public record Watermark(String partition, String value) {}

    public RollbackOutcome {
        partitionsBefore = List.copyOf(partitionsBefore);
        partitionsAfter = List.copyOf(partitionsAfter);
        watermarks = List.copyOf(watermarks);
    }

    public static RollbackOutcome refused(String reason) {
        return new RollbackOutcome(
                new Publication(false, reason, 0, 0, 0, null, 0, List.of()),
                List.of(),
                List.of(),
                List.of(),
                Optional.empty());
    }
}
