package io.sluice.app;

import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.runs.DynamicPartitionService;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Adding and removing the keys of a dynamic partition set, as the caller. */
@ApplicationScoped
public class PartitionCommands {

    private final DynamicPartitionService partitions;

    public PartitionCommands(DynamicPartitionService partitions) {
        this.partitions = partitions;
    }

    /** Adds the keys (those that exist are left as they are); answers the keys added. */
    public List<String> addKeys(Caller caller, String set, List<String> keys, String reason) {
        caller.require(Action.ADD_PARTITIONS);
        return partitions.add(set, keys, caller.name(), reason);
    }

    /** Removes the keys; answers the keys removed. Materialized data of removed partitions is kept. */
    public List<String> removeKeys(Caller caller, String set, List<String> keys, String reason) {
        caller.require(Action.REMOVE_PARTITIONS);
        return partitions.remove(set, keys, caller.name(), reason);
    }
}
