package io.sluice.web;

import io.sluice.catalog.Asset;
import io.sluice.catalog.KeyedAsset;
import io.sluice.runs.AssetRun;
import io.sluice.runs.Materialization;

/** One asset on the home page, with what its last run and last materialization were. */
public record AssetRow(String key, String group, String name, String domId, String description, boolean keyed, boolean partitioned, String partitions,
                       String upstream, String lastStatus, String lastRunId, String lastMaterialized,
                       String lastMaterializedIso, String lastRows) {

    static AssetRow of(Asset<?> asset, String upstream, AssetRun last, Materialization materialization) {
        var spec = asset.spec();
        String key = spec.key().toString();
        boolean partitioned = spec.partitions().isPartitioned();
        return new AssetRow(key, key.substring(0, key.lastIndexOf('/')), spec.key().name(), Format.domId(key), spec.description(), asset instanceof KeyedAsset<?>, partitioned,
                partitioned ? spec.partitions().describe() : "",
                upstream, last == null ? "NEVER" : last.step().status().name(), last == null ? "" : last.runId(),
                materialization == null ? "" : Format.time(materialization.ts()),
                materialization == null ? "" : Format.iso(materialization.ts()),
                materialization == null ? "" : Format.count(materialization.rowsWritten()));
    }
}
