package io.sluice.web;

import io.sluice.catalog.Asset;
import io.sluice.catalog.KeyedAsset;
import io.sluice.runs.AssetRun;
import io.sluice.runs.Materialization;
import io.sluice.runs.RunIds;
import java.util.Optional;

/**
 * One asset on the home page: its last run (whatever it ended as), apart from its last materialization (the run that
 * last wrote it), and the rows its lake table holds now ({@code table} empty for an asset known to write none, {@code tableRows}
 * empty until the table exists), and its trigger policy with what its last evaluation decided (empty if it has none).
 */
public record AssetRow(
        String key,
        String group,
        String name,
        String domId,
        String description,
        boolean keyed,
        boolean partitioned,
        String partitions,
        String upstream,
        String lastStatus,
        String lastRunId,
        String lastRunShortId,
        String lastMaterialized,
        String lastMaterializedIso,
        String lastMaterializedRunId,
        String lastMaterializedRunShortId,
        String table,
        String tableRows,
        String automation,
        String lastEvaluation) {

    static AssetRow of(
            Asset<?> asset,
            String upstream,
            AssetRun last,
            Materialization materialization,
            Optional<String> table,
            Optional<Long> tableRows,
            String automation,
            String lastEvaluation) {
        var spec = asset.spec();
        String key = spec.key().toString();
        boolean partitioned = spec.partitions().isPartitioned();
        return new AssetRow(
                key,
                key.substring(0, key.lastIndexOf('/')),
                spec.key().name(),
                Format.domId(key),
                spec.description(),
                asset instanceof KeyedAsset<?>,
                partitioned,
                partitioned ? spec.partitions().describe() : "",
                upstream,
                last == null ? "NEVER" : last.step().status().name(),
                last == null ? "" : last.runId(),
                last == null ? "" : RunIds.shortForm(last.runId()),
                materialization == null ? "" : Format.time(materialization.ts()),
                materialization == null ? "" : Format.iso(materialization.ts()),
                materialization == null ? "" : materialization.runId(),
                materialization == null ? "" : RunIds.shortForm(materialization.runId()),
                table.orElse(""),
                tableRows.map(Format::count).orElse(""),
                automation,
                lastEvaluation);
    }
}
