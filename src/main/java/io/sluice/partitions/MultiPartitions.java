package io.sluice.partitions;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The product of several dimensions: a key is one key per dimension, in dimension order, joined with
 * {@code |}, like {@code 2024-01-05|eu}. Keys are ordered by the first dimension, then the second, and so on,
 * so put the time dimension first to keep ranges of dates contiguous.
 */
public record MultiPartitions(List<PartitionDimension> dimensions) implements PartitionsDefinition {

    public static final String SEPARATOR = "|";

    public MultiPartitions {
        Objects.requireNonNull(dimensions, "dimensions");
        dimensions = List.copyOf(dimensions);
        if (dimensions.isEmpty()) {
            throw new IllegalArgumentException("multi-dimensional partitions need at least one dimension");
        }
        Set<String> names = new HashSet<>();
        for (PartitionDimension dimension : dimensions) {
            if (!names.add(dimension.name())) {
                throw new IllegalArgumentException("dimension '" + dimension.name() + "' is listed twice");
            }
        }
    }

    public static MultiPartitions of(PartitionDimension... dimensions) {
        return new MultiPartitions(List.of(dimensions));
    }

    /** The position of the dimension called {@code name}; {@link IllegalArgumentException} if there is none. */
    public int dimensionIndex(String name) {
        for (int i = 0; i < dimensions.size(); i++) {
            if (dimensions.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no dimension '" + name + "' in " + describe());
    }

    /** The key made of one key per dimension, in dimension order. */
    public String key(String... dimensionKeys) {
        if (dimensionKeys.length != dimensions.size()) {
            throw new IllegalArgumentException("give one key for each of the " + dimensions.size() + " dimensions");
        }
        return String.join(SEPARATOR, dimensionKeys);
    }

    /** The key of each dimension, by dimension name; {@link IllegalArgumentException} if the key has the wrong shape. */
    public Map<String, String> dimensionKeys(String key) {
        List<String> parts = split(key, dimensions.size());
        if (parts == null) {
            throw new IllegalArgumentException(
                    "'" + key + "' does not have " + dimensions.size() + " parts separated by '" + SEPARATOR + "'");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            out.put(dimensions.get(i).name(), parts.get(i));
        }
        return out;
    }

    @Override
    public boolean isPartitioned() {
        return true;
    }

    @Override
    public MultiSpace at(Instant now) {
        List<PartitionSpace> spaces = new ArrayList<>();
        for (PartitionDimension dimension : dimensions) {
            spaces.add(dimension.definition().at(now));
        }
        return new MultiSpace(this, spaces);
    }

    @Override
    public String describe() {
        return dimensions.stream()
                .map(d -> d.name() + ": " + d.definition().describe())
                .collect(Collectors.joining(" × ", "multi (", ")"));
    }

    /** {@code count} parts of {@code key} between separators, or null if it has another number of parts. */
    static List<String> split(String key, int count) {
        List<String> parts = new ArrayList<>(count);
        int from = 0;
        for (int at = key.indexOf('|'); at >= 0; at = key.indexOf('|', from)) {
            parts.add(key.substring(from, at));
            from = at + 1;
        }
        parts.add(key.substring(from));
        return parts.size() == count ? parts : null;
    }
}
