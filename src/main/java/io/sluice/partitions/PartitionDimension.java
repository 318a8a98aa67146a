package io.sluice.partitions;

import java.util.Objects;

/** One named dimension of {@link MultiPartitions}, for example {@code date} or {@code region}. */
public record PartitionDimension(String name, PartitionsDefinition definition) {

    public PartitionDimension {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(definition, "definition");
        if (name.isBlank() || name.contains(MultiPartitions.SEPARATOR)) {
            throw new IllegalArgumentException(
                    "dimension name '" + name + "' must not be blank or contain '" + MultiPartitions.SEPARATOR + "'");
        }
        if (!definition.isPartitioned() || definition instanceof MultiPartitions) {
            throw new IllegalArgumentException("dimension '" + name
                    + "' must be time-window, static or dynamic partitions, not " + definition.describe());
        }
    }

    public static PartitionDimension of(String name, PartitionsDefinition definition) {
        return new PartitionDimension(name, definition);
    }
}
