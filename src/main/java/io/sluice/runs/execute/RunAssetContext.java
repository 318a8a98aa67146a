package io.sluice.runs.execute;

import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.PartitionRange;
import io.sluice.catalog.RunLogger;
import io.sluice.lake.Lake;
import io.sluice.lake.TableOutput;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/** The {@link AssetContext} of one asset step of one run (and one partition). */
public record RunAssetContext<C extends Record>(
        String runId,
        AssetKey assetKey,
        C config,
        Optional<PartitionRange> partitionRange,
        RunLogger log,
        Lake lake,
        Optional<TableOutput> table,
        BooleanSupplier cancelRequested)
        implements AssetContext<C> {

    @Override
    public Optional<String> partition() {
        return partitionRange.filter(r -> r.size() == 1).map(PartitionRange::first);
    }

    @Override
    public TableOutput output() {
        return table.orElseThrow(() -> new IllegalStateException("asset " + assetKey
                + " declares no table: add .table(name, mode) to its spec, or write through lake()"));
    }

    @Override
    public boolean isCancelRequested() {
        return cancelRequested.getAsBoolean();
    }
}
