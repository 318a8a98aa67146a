package io.sluice.automation;

import io.sluice.partitions.DynamicPartitions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What one sensor tick persists, decided from the sensor's result (or its failure): the launches (tagged with the
 * sensor), the dynamic partition changes, and the cursor. The adapter commits all of them and the tick record in one
 * transaction, so the cursor moves only with the launches it produced: after a crash before the commit the sensor is
 * evaluated again from the old cursor and asks for the same launches, none of which was committed; after the commit it
 * starts from the new one. Nothing is lost, nothing repeated.
 *
 * <p>Rules: launches → {@link Status#LAUNCHED} with the result's note, the cursor is the result's (or the old one if it
 * gave none); no
 * launches → {@link Status#SKIPPED} with the reason, and the cursor may still move (the sensor looked and found
 * nothing to launch); the sensor threw, or its result is invalid (a bad dynamic key, a key both added and removed) →
 * {@link Status#FAILED}: nothing is launched or changed and the cursor stays where it was.
 */
public record SensorTickOutcome(
        Status status,
        List<Launch> launches,
        List<DynamicPartitionChange> partitionChanges,
        Optional<String> cursor,
        String message) {

    public enum Status {
        LAUNCHED,
        SKIPPED,
        FAILED
    }

    public SensorTickOutcome {
        Objects.requireNonNull(status, "status");
        launches = List.copyOf(launches);
        partitionChanges = List.copyOf(partitionChanges);
        Objects.requireNonNull(cursor, "cursor");
        message = message == null ? "" : message;
        if ((status == Status.LAUNCHED) == launches.isEmpty()) {
            throw new IllegalArgumentException("a sensor tick launches exactly when its status is LAUNCHED");
        }
    }

    /** Evaluates {@code sensor} and decides; an exception from the sensor is a failed tick, not a crash of the loop. */
    public static SensorTickOutcome evaluate(
            SensorSpec spec, Sensor sensor, SensorContext context, Optional<String> cursor) {
        SensorResult result;
        try {
            result = sensor.evaluate(context, cursor);
        } catch (RuntimeException e) {
            return failed(cursor, "sensor " + spec.name() + " failed: " + e);
        }
        if (result == null) {
            return failed(cursor, "sensor " + spec.name() + " returned no result");
        }
        return of(spec, cursor, result);
    }

    public static SensorTickOutcome of(SensorSpec spec, Optional<String> previousCursor, SensorResult result) {
        Optional<String> problem = problem(result);
        if (problem.isPresent()) {
            return failed(previousCursor, "sensor " + spec.name() + ": " + problem.get());
        }
        Optional<String> cursor = result.cursor().isPresent() ? result.cursor() : previousCursor;
        if (result.launches().isEmpty()) {
            return new SensorTickOutcome(
                    Status.SKIPPED,
                    List.of(),
                    result.partitionChanges(),
                    cursor,
                    result.skipReason().orElse("the sensor asked for no run"));
        }
        List<Launch> tagged = new ArrayList<>();
        for (Launch launch : result.launches()) {
            tagged.add(launch.withTag(Launch.SENSOR_TAG, spec.name()));
        }
        return new SensorTickOutcome(
                Status.LAUNCHED,
                tagged,
                result.partitionChanges(),
                cursor,
                result.note().orElse(""));
    }

    public static SensorTickOutcome failed(Optional<String> previousCursor, String error) {
        return new SensorTickOutcome(Status.FAILED, List.of(), List.of(), previousCursor, error);
    }

    /** The outcome for tick history once the adapter has launched: the ids it got back. */
    public TickOutcome recorded(List<String> runIds, List<String> backfillIds) {
        return switch (status) {
            case LAUNCHED -> new TickOutcome.Launched(runIds, backfillIds, message);
            case SKIPPED -> new TickOutcome.Skipped(message);
            case FAILED -> new TickOutcome.Failed(message);
        };
    }

    private static Optional<String> problem(SensorResult result) {
        for (DynamicPartitionChange change : result.partitionChanges()) {
            for (String key : change.add()) {
                Optional<String> bad = DynamicPartitions.checkNewKey(key);
                if (bad.isPresent()) {
                    return Optional.of(
                            "cannot add key to dynamic partitions '" + change.definition() + "': " + bad.get());
                }
            }
            Set<String> both = new HashSet<>(change.add());
            both.retainAll(change.remove());
            if (!both.isEmpty()) {
                return Optional.of(
                        "keys " + both + " are both added to and removed from '" + change.definition() + "'");
            }
        }
        return Optional.empty();
    }
}
