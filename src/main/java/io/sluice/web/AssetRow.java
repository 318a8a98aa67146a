package io.sluice.web;

import io.sluice.catalog.Asset;
import io.sluice.catalog.KeyedAsset;
import io.sluice.runs.AssetRun;
import io.sluice.runs.Materialization;

/** One asset on the home page. */
public record AssetRow(String key, String description, boolean keyed, String partitions, String upstream,
                       String lastStatus, String lastRunId, String lastMaterialized, long lastRows) {

    static AssetRow of(Asset<?> asset, String upstream, AssetRun last, Materialization materialization) {
        var spec = asset.spec();
        return new AssetRow(spec.key().toString(), spec.description(), asset instanceof KeyedAsset<?>,
                spec.partitions().isPartitioned() ? spec.partitions().describe() : "",
                upstream, last == null ? "NEVER" : last.step().status().name(), last == null ? "" : last.runId(),
                materialization == null ? "" : Format.time(materialization.ts()),
                materialization == null ? 0 : materialization.rowsWritten());
    }
}
