package io.sluice.automation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a sensor asks for: launches (runs or backfills), dynamic partition changes, the new cursor (empty: keep the
 * old one) and a skip reason (only without launches).
 */
public record SensorResult(
        List<Launch> launches,
        List<DynamicPartitionChange> partitionChanges,
        Optional<String> cursor,
        Optional<String> skipReason) {

    public SensorResult {
        launches = List.copyOf(launches);
        partitionChanges = List.copyOf(partitionChanges);
        Objects.requireNonNull(cursor, "cursor");
        Objects.requireNonNull(skipReason, "skipReason");
        if (skipReason.isPresent() && !launches.isEmpty()) {
            throw new IllegalArgumentException("a sensor result either launches or skips, not both");
        }
    }

    public static SensorResult launch(Launch... launches) {
        return new SensorResult(List.of(launches), List.of(), Optional.empty(), Optional.empty());
    }

    public static SensorResult skip(String reason) {
        return new SensorResult(List.of(), List.of(), Optional.empty(), Optional.of(reason));
    }

    public SensorResult withCursor(String newCursor) {
        return new SensorResult(launches, partitionChanges, Optional.of(newCursor), skipReason);
    }

    public SensorResult with(DynamicPartitionChange change) {
        List<DynamicPartitionChange> more = new ArrayList<>(partitionChanges);
        more.add(change);
        return new SensorResult(launches, more, cursor, skipReason);
    }
}
