package io.sluice.runs.execute;

import io.sluice.partitions.IndexRanges;
import io.sluice.partitions.PartitionSpace;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The partition status a rollback leaves: a partition whose data the rollback removed (held by the writes in effect
 * before it, by none after) is MISSING, so that a launch of failed and missing partitions selects it; one it gave data back to (held
 * after, not before) is MATERIALIZED again; every other partition keeps its status. Partitions are given as the lake
 * names them: keys, or ranges {@code first...last} of keys; those not in the asset's partitions now are left out.
 */
public record RolledBackPartitions(List<String> missing, List<String> materialized) {

    public RolledBackPartitions {
        missing = List.copyOf(missing);
        materialized = List.copyOf(materialized);
    }

    static RolledBackPartitions of(PartitionSpace space, List<String> before, List<String> after) {
        IndexRanges held = indexes(space, before);
        IndexRanges holds = indexes(space, after);
        return new RolledBackPartitions(keys(space, held.minus(holds)), keys(space, holds.minus(held)));
    }

    private static IndexRanges indexes(PartitionSpace space, List<String> partitions) {
        IndexRanges.Builder indexes = IndexRanges.builder();
        for (String partition : partitions) {
            int dots = partition.indexOf("...");
            OptionalLong first = space.indexOf(dots < 0 ? partition : partition.substring(0, dots));
            OptionalLong last = space.indexOf(dots < 0 ? partition : partition.substring(dots + 3));
            if (first.isPresent() && last.isPresent() && first.getAsLong() <= last.getAsLong()) {
                indexes.add(first.getAsLong(), last.getAsLong() + 1);
            }
        }
        return indexes.build();
    }

    private static List<String> keys(PartitionSpace space, IndexRanges indexes) {
        List<String> keys = new ArrayList<>();
        indexes.stream().forEach(i -> keys.add(space.keyAt(i)));
        return keys;
    }
}
