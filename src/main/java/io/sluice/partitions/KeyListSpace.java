package io.sluice.partitions;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/** The partitions of a list of keys (static, dynamic, or none), indexed by position in the list. */
final class KeyListSpace implements PartitionSpace {

    private final PartitionsDefinition definition;
    private final List<String> keys;
    private final Map<String, Integer> indexes;

    KeyListSpace(PartitionsDefinition definition, List<String> keys) {
        this.definition = definition;
        this.keys = List.copyOf(keys);
        this.indexes = new HashMap<>(Math.max(16, this.keys.size() * 4 / 3 + 1));
        for (int i = 0; i < this.keys.size(); i++) {
            String key = this.keys.get(i);
            Optional<String> problem = KeyRules.problem(key);
            if (problem.isPresent()) {
                throw new IllegalStateException(definition.describe() + ": " + problem.get());
            }
            if (indexes.put(key, i) != null) {
                throw new IllegalStateException(definition.describe() + " lists the key '" + key + "' twice");
            }
        }
    }

    @Override
    public PartitionsDefinition definition() {
        return definition;
    }

    @Override
    public long size() {
        return keys.size();
    }

    @Override
    public String keyAt(long index) {
        if (index < 0 || index >= keys.size()) {
            throw new IndexOutOfBoundsException(
                    "partition " + index + " of " + keys.size() + " (" + definition.describe() + ")");
        }
        return keys.get((int) index);
    }

    @Override
    public OptionalLong indexOf(String key) {
        Integer index = indexes.get(key);
        return index == null ? OptionalLong.empty() : OptionalLong.of(index);
    }

    @Override
    public List<String> keys() {
        return keys;
    }

    @Override
    public Optional<String> validate(String key) {
        if (indexes.containsKey(key)) {
            return Optional.empty();
        }
        if (definition instanceof Unpartitioned) {
            return Optional.of("asset is not partitioned; omit 'partitions'");
        }
        if (definition instanceof DynamicPartitions dynamic) {
            return Optional.of(
                    "'" + key + "' is not a partition of dynamic partitions '" + dynamic.name() + "' (add it first)");
        }
        return Optional.of("'" + key + "' is not a partition: expected one of " + sample(keys));
    }

    /** Up to ten keys, for messages: {@code [a, b, c]} or {@code [a, b, ... (40 keys)]}. */
    static String sample(List<String> keys) {
        return keys.size() <= 10
                ? keys.toString()
                : keys.subList(0, 10).toString().replace("]", ", ... (" + keys.size() + " keys)]");
    }

    @Override
    public boolean equals(Object o) {
        return o == this
                || o instanceof KeyListSpace other && definition.equals(other.definition) && keys.equals(other.keys);
    }

    @Override
    public int hashCode() {
        return Objects.hash(definition, keys.size());
    }

    @Override
    public String toString() {
        return definition.describe() + ": " + keys.size() + " partitions";
    }
}
