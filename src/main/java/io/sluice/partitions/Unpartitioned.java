package io.sluice.partitions;

import java.time.Instant;
import java.util.List;

/** The single implicit partition of an unpartitioned asset: it has no partition keys. */
public enum Unpartitioned implements PartitionsDefinition {
    INSTANCE;

    @Override
    public boolean isPartitioned() {
        return false;
    }

    @Override
    public PartitionSpace at(Instant now) {
        return new KeyListSpace(this, List.of());
    }

    @Override
    public String describe() {
        return "unpartitioned";
    }
}
