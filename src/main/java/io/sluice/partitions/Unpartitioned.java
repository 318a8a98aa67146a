package io.sluice.partitions;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/** The single implicit partition of an unpartitioned asset. */
public enum Unpartitioned implements PartitionsDefinition {
    INSTANCE;

    @Override
    public boolean isPartitioned() {
        return false;
    }

    @Override
    public Optional<String> validate(String key, LocalDate today) {
        return Optional.of("asset is not partitioned; omit 'partitions'");
    }

    @Override
    public List<String> keys(LocalDate today) {
        return List.of();
    }

    @Override
    public String describe() {
        return "unpartitioned";
    }
}
