package io.sluice.runs;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What a run needs of the node that executes it, stored with the run when it is queued: the concurrency pools its
 * assets declare (sorted; a claim counts the run once against each) and whether it writes the lake (an asset declares a
 * table, or it is a rollback).
 */
public record RunNeeds(List<String> pools, boolean needsLake) {

    public RunNeeds {
        pools = List.copyOf(new TreeSet<>(pools));
    }

    /** Pure: the needs of the run's assets as the catalog declares them now. */
    public static RunNeeds of(Run run, AssetCatalog catalog) {
        return of(run.assets(), run.kind(), catalog);
    }

    public static RunNeeds of(List<AssetKey> assets, RunKind kind, AssetCatalog catalog) {
        TreeSet<String> pools = new TreeSet<>();
        boolean lake = kind == RunKind.ROLLBACK;
        for (AssetKey key : assets) {
            Optional<? extends Asset<?>> asset = catalog.find(key);
            if (asset.isPresent()) {
                asset.get().spec().pool().ifPresent(pools::add);
                lake |= asset.get().spec().table().isPresent();
            }
        }
        return new RunNeeds(List.copyOf(pools), lake);
    }

    /** The pools as the {@code run.pools} column keeps them: comma-separated, '' for none. */
    public String poolsColumn() {
        return String.join(",", pools);
    }

    /** The pools of a {@code run.pools} column. */
    public static List<String> poolsOf(String column) {
        return column == null || column.isEmpty() ? List.of() : List.of(column.split(","));
    }
}
