package io.sluice.runs.execute;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializedPartitions;
import io.sluice.runs.PartitionState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What was materialized, for a step's {@link UpstreamCheck}: what the runs of the step's group recorded and is not
 * stored yet (an upstream step of the same run) first, then the metadata store.
 */
final class UpstreamRecords implements UpstreamCheck.Records {

    private final GroupJournal journal;
    private final MaterializedPartitions store;

    UpstreamRecords(GroupJournal journal, MaterializedPartitions store) {
        this.journal = journal;
        this.store = store;
    }

    @Override
    public Set<String> materializedAmong(AssetKey asset, Collection<String> partitions) {
        Map<String, PartitionState> unstored = journal.unstoredPartitions(asset);
        Set<String> found = new HashSet<>();
        List<String> ask = new ArrayList<>();
        for (String key : partitions) {
            PartitionState state = unstored.get(key);
            if (state == null) {
                ask.add(key);
            } else if (state == PartitionState.MATERIALIZED) {
                found.add(key);
            }
        }
        if (!ask.isEmpty()) {
            found.addAll(store.among(asset, ask));
        }
        return found;
    }

    @Override
    public boolean anyPartitionMaterialized(AssetKey asset) {
        return journal.unstoredPartitions(asset).containsValue(PartitionState.MATERIALIZED) || store.any(asset);
    }

    @Override
    public boolean written(AssetKey asset) {
        return journal.unstoredMaterialization(asset) || store.written(asset);
    }
}
