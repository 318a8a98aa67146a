package io.sluice.partitions;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** A fixed list of keys, in the given order, for example regions or source systems. */
public record StaticPartitions(List<String> keys) implements PartitionsDefinition {

    public StaticPartitions {
        Objects.requireNonNull(keys, "keys");
        keys = List.copyOf(keys);
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("static partitions need at least one key");
        }
        Set<String> seen = new HashSet<>();
        for (String key : keys) {
            KeyRules.problem(key).ifPresent(problem -> {
                throw new IllegalArgumentException(problem);
            });
            if (!seen.add(key)) {
                throw new IllegalArgumentException("static partition key '" + key + "' is listed twice");
            }
        }
    }

    public static StaticPartitions of(String... keys) {
        return new StaticPartitions(List.of(keys));
    }

    @Override
    public boolean isPartitioned() {
        return true;
    }

    @Override
    public PartitionSpace at(Instant now) {
        return new KeyListSpace(this, keys);
    }

    @Override
    public String describe() {
        return "static " + KeyListSpace.sample(keys);
    }
}
