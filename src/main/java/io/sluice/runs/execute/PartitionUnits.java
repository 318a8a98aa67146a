package io.sluice.runs.execute;

import io.sluice.catalog.PartitionRange;
import io.sluice.partitions.PartitionSpace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What one asset step of a run computes at a time: nothing partitioned (one unit, no range), one partition per
 * unit, or, for an asset that processes ranges, one unit per contiguous range of the run's partitions in the
 * definition's order. Pure: the partition space is a snapshot taken by the caller.
 */
public final class PartitionUnits {

    private PartitionUnits() {}

    public static List<Optional<PartitionRange>> of(
            boolean partitioned, boolean ranges, List<String> partitions, PartitionSpace space) {
        if (!partitioned) {
            return List.of(Optional.empty());
        }
        if (!ranges) {
            return partitions.stream()
                    .map(p -> Optional.of(PartitionRange.of(p)))
                    .toList();
        }
        List<Indexed> sorted = partitions.stream()
                .distinct()
                .map(p -> new Indexed(
                        p,
                        space.indexOf(p)
                                .orElseThrow(() -> new IllegalArgumentException("partition " + p + " does not exist"))))
                .sorted(Comparator.comparingLong(Indexed::index))
                .toList();
        List<Optional<PartitionRange>> units = new ArrayList<>();
        List<String> current = new ArrayList<>();
        long previous = Long.MIN_VALUE;
        for (Indexed p : sorted) {
            if (!current.isEmpty() && p.index() != previous + 1) {
                units.add(Optional.of(new PartitionRange(current)));
                current = new ArrayList<>();
            }
            current.add(p.key());
            previous = p.index();
        }
        if (!current.isEmpty()) {
            units.add(Optional.of(new PartitionRange(current)));
        }
        return units;
    }

    private record Indexed(String key, long index) {}
}
