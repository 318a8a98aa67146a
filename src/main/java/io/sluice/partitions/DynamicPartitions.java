package io.sluice.partitions;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Partitions whose keys are added and removed at run time, for example one per customer. The definition is a
 * name; {@code lookup} supplies its current keys. Indexes follow the order in which the lookup lists the keys,
 * so a subset belongs to the snapshot it was made from.
 */
public record DynamicPartitions(String name, DynamicPartitionKeys lookup) implements PartitionsDefinition {

    public DynamicPartitions {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(lookup, "lookup");
        if (name.isBlank()) {
            throw new IllegalArgumentException("dynamic partitions need a name");
        }
    }

    /** Why {@code key} cannot be added as a dynamic partition key, if it cannot. */
    public static Optional<String> checkNewKey(String key) {
        return KeyRules.problem(key);
    }

    @Override
    public boolean isPartitioned() {
        return true;
    }

    @Override
    public PartitionSpace at(Instant now) {
        return new KeyListSpace(this, lookup.keys(name));
    }

    /** Asks the lookup about this key only, instead of listing every key. */
    @Override
    public Optional<String> validate(String key, Instant now) {
        if (KeyRules.problem(key).isPresent()) {
            return KeyRules.problem(key);
        }
        return lookup.contains(name, key)
                ? Optional.empty()
                : Optional.of("'" + key + "' is not a partition of dynamic partitions '" + name + "' (add it first)");
    }

    @Override
    public String describe() {
        return "dynamic '" + name + "'";
    }
}
