package io.sluice.partitions;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The partitions of a {@link MultiPartitions} at one instant: the product of its dimensions' spaces, indexed in
 * mixed radix with the first dimension most significant.
 */
public final class MultiSpace implements PartitionSpace {

    private final MultiPartitions definition;
    private final List<PartitionSpace> dimensions;
    /** {@code strides[i]}: how many partitions one step in dimension {@code i} skips. */
    private final long[] strides;

    private final long size;

    MultiSpace(MultiPartitions definition, List<PartitionSpace> dimensions) {
        this.definition = definition;
        this.dimensions = List.copyOf(dimensions);
        this.strides = new long[dimensions.size()];
        long stride = 1;
        for (int i = dimensions.size() - 1; i >= 0; i--) {
            strides[i] = stride;
            stride = Math.multiplyExact(stride, dimensions.get(i).size());
        }
        this.size = stride;
    }

    @Override
    public MultiPartitions definition() {
        return definition;
    }

    @Override
    public long size() {
        return size;
    }

    public int dimensionCount() {
        return dimensions.size();
    }

    public PartitionSpace dimension(int i) {
        return dimensions.get(i);
    }

    public PartitionSpace dimension(String name) {
        return dimensions.get(definition.dimensionIndex(name));
    }

    /** The index of the partition with these per-dimension indexes. */
    public long index(long... dimensionIndexes) {
        long index = 0;
        for (int i = 0; i < strides.length; i++) {
            if (dimensionIndexes[i] < 0
                    || dimensionIndexes[i] >= dimensions.get(i).size()) {
                throw new IndexOutOfBoundsException("partition " + dimensionIndexes[i] + " of dimension "
                        + definition.dimensions().get(i).name());
            }
            index += dimensionIndexes[i] * strides[i];
        }
        return index;
    }

    /** The index within dimension {@code dimension} of partition {@code index}. */
    public long dimensionIndex(long index, int dimension) {
        return index / strides[dimension] % dimensions.get(dimension).size();
    }

    @Override
    public String keyAt(long index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(
                    "partition " + index + " of " + size + " (" + definition.describe() + ")");
        }
        StringBuilder key = new StringBuilder();
        for (int i = 0; i < strides.length; i++) {
            if (i > 0) {
                key.append(MultiPartitions.SEPARATOR);
            }
            key.append(dimensions.get(i).keyAt(dimensionIndex(index, i)));
        }
        return key.toString();
    }

    @Override
    public OptionalLong indexOf(String key) {
        List<String> parts = MultiPartitions.split(key, strides.length);
        if (parts == null) {
            return OptionalLong.empty();
        }
        long index = 0;
        for (int i = 0; i < strides.length; i++) {
            OptionalLong part = dimensions.get(i).indexOf(parts.get(i));
            if (part.isEmpty()) {
                return OptionalLong.empty();
            }
            index += part.getAsLong() * strides[i];
        }
        return OptionalLong.of(index);
    }

    @Override
    public Optional<String> validate(String key) {
        List<String> parts = MultiPartitions.split(key, strides.length);
        if (parts == null) {
            String example = size > 0 ? keyAt(0) : "";
            return Optional.of("'" + key + "' is not a key of " + definition.describe() + ": expected " + strides.length
                    + " keys separated by '" + MultiPartitions.SEPARATOR + "'"
                    + (example.isEmpty() ? "" : ", like " + example));
        }
        for (int i = 0; i < strides.length; i++) {
            Optional<String> problem = dimensions.get(i).validate(parts.get(i));
            if (problem.isPresent()) {
                return Optional.of(
                        "dimension '" + definition.dimensions().get(i).name() + "' of '" + key + "': " + problem.get());
            }
        }
        return Optional.empty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MultiSpace other
                && definition.equals(other.definition)
                && dimensions.equals(other.dimensions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(definition, size);
    }

    @Override
    public String toString() {
        return definition.describe() + ": " + size + " partitions";
    }
}
