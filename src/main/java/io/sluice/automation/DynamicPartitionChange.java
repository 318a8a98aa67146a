package io.sluice.automation;

import java.util.List;
import java.util.Objects;

/** Keys to add to and remove from the dynamic partitions named {@code definition}. */
public record DynamicPartitionChange(String definition, List<String> add, List<String> remove) {

    public DynamicPartitionChange {
        Objects.requireNonNull(definition, "definition");
        add = List.copyOf(add);
        remove = List.copyOf(remove);
    }

    public static DynamicPartitionChange add(String definition, String... keys) {
        return new DynamicPartitionChange(definition, List.of(keys), List.of());
    }

    public static DynamicPartitionChange remove(String definition, String... keys) {
        return new DynamicPartitionChange(definition, List.of(), List.of(keys));
    }
}
