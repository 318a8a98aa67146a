package io.sluice.automation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a sensor asks for: launches (runs or backfills), dynamic partition changes, the new cursor (empty: keep the
 * old one), a skip reason (only without launches) and a note for tick history on what a launching tick left out (a
 * file it ignored, say).
 */
public record SensorResult(
        List<Launch> launches,
        List<DynamicPartitionChange> partitionChanges,
        Optional<String> cursor,
        Optional<String> skipReason,
        Optional<String> note) {

    public SensorResult {
        launches = List.copyOf(launches);
        partitionChanges = List.copyOf(partitionChanges);
        Objects.requireNonNull(cursor, "cursor");
        Objects.requireNonNull(skipReason, "skipReason");
        Objects.requireNonNull(note, "note");
        if (skipReason.isPresent() && !launches.isEmpty()) {
            throw new IllegalArgumentException("a sensor result either launches or skips, not both");
        }
    }

    /** A result without a note. */
    public SensorResult(
            List<Launch> launches,
            List<DynamicPartitionChange> partitionChanges,
            Optional<String> cursor,
            Optional<String> skipReason) {
        this(launches, partitionChanges, cursor, skipReason, Optional.empty());
    }

    public static SensorResult launch(Launch... launches) {
        return new SensorResult(List.of(launches), List.of(), Optional.empty(), Optional.empty());
    }

    public static SensorResult skip(String reason) {
        return new SensorResult(List.of(), List.of(), Optional.empty(), Optional.of(reason));
    }

    public SensorResult withCursor(String newCursor) {
        return new SensorResult(launches, partitionChanges, Optional.of(newCursor), skipReason, note);
    }

    /** The same result with a note that tick history keeps beside its launches. */
    public SensorResult withNote(String text) {
        return new SensorResult(launches, partitionChanges, cursor, skipReason, Optional.of(text));
    }

    public SensorResult with(DynamicPartitionChange change) {
        List<DynamicPartitionChange> more = new ArrayList<>(partitionChanges);
        more.add(change);
        return new SensorResult(launches, more, cursor, skipReason, note);
    }
}
