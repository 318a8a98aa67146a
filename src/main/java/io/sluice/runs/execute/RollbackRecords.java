package io.sluice.runs.execute;

import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.Publication;
import io.sluice.lake.RollbackOutcome;
import io.sluice.runs.Materialization;
import io.sluice.runs.PartitionState;
import io.sluice.runs.RollbackDownstream;
import io.sluice.runs.Run;
import io.sluice.runs.RunRecords;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the metadata store records of a rollback, in one transaction, whether the rollback's step records it or start-up
 * recovery does for a rollback whose run died after the lake committed it: the asset's watermarks as the lake says the
 * restored state leaves them, the watermarks of the downstream assets that read the changed data removed
 * ({@link RollbackDownstream}), the status of the partitions whose data it removed or gave back
 * ({@link RolledBackPartitions}), and last the materialization, by which recovery knows the rest is stored.
 */
public record RollbackRecords(RunRecords records, RolledBackPartitions partitions, List<String> lines) {

    public static RollbackRecords of(
            Run run,
            AssetSpec<?> spec,
            RollbackOutcome outcome,
            List<RollbackDownstream.Downstream> downstream,
            Instant now,
            long durationMs,
            boolean recovered,
            Function<MaterializeResult, String> json) {
        Publication p = outcome.publication();
        AssetKey asset = spec.key();
        RunRecords records = new RunRecords();
        List<String> lines = new ArrayList<>();
        MaterializeResult result = new MaterializeResult(
                p.rowsChanged(),
                Map.of(
                        "rollback_to",
                        run.rollbackTo(),
                        "rows_inserted",
                        p.rowsInserted(),
                        "rows_removed",
                        p.rowsRemoved(),
                        "current_rows",
                        p.currentRows()));
        if (p.systemTime() != null) {
            result = result.withMetadata("system_time", p.systemTime().toString());
        }
        if (recovered) {
            result = result.withMetadata("recovered", true);
        }
        for (RollbackOutcome.Watermark w : outcome.watermarks()) {
            String partition = w.partition() == null ? "" : w.partition();
            records.watermark(new RunRecords.WatermarkChange(asset, partition, w.value(), run.id(), now));
        }
        if (!outcome.watermarks().isEmpty()) {
            long kept =
                    outcome.watermarks().stream().filter(w -> w.value() != null).count();
            lines.add("incremental state set back with the data: " + watermarks(outcome.watermarks())
                    + (kept < outcome.watermarks().size()
                            ? "; without a watermark, the next INCREMENTAL run recomputes every key"
                            : "; the next INCREMENTAL run recomputes what changed upstream since"));
            result = result.withMetadata(
                    "watermarks_restored", outcome.watermarks().size());
        }
        List<String> reset = new ArrayList<>();
        for (RollbackDownstream.Downstream d : downstream) {
            if (d.resetsIncrementalState()) {
                records.watermark(RunRecords.WatermarkChange.resetAll(d.asset(), run.id(), now));
                reset.add(d.asset().toString());
            }
        }
        if (!reset.isEmpty()) {
            lines.add("downstream " + String.join(", ", reset)
                    + " read the data this rollback changes: their incremental state is reset, so their next "
                    + "INCREMENTAL run recomputes every key");
            result = result.withMetadata("downstream_reset", String.join(",", reset));
        }
        RolledBackPartitions changed = new RolledBackPartitions(List.of(), List.of());
        if (spec.partitions().isPartitioned()) {
            changed = RolledBackPartitions.of(
                    spec.partitions().at(now), outcome.partitionsBefore(), outcome.partitionsAfter());
            records.partitions(asset, changed.missing(), PartitionState.MISSING, run.id(), now);
            records.partitions(asset, changed.materialized(), PartitionState.MATERIALIZED, run.id(), now);
            result = result.withMetadata("partitions_missing", changed.missing().size())
                    .withMetadata(
                            "partitions_materialized", changed.materialized().size());
        }
        Optional<String> partition = run.partitions().stream().findFirst();
        records.materialized(new Materialization(
                run.id(), asset, partition.orElse(null), now, p.rowsChanged(), 0, 1, durationMs, json.apply(result)));
        return new RollbackRecords(records, changed, List.copyOf(lines));
    }

    private static String watermarks(List<RollbackOutcome.Watermark> marks) {
        List<String> parts = new ArrayList<>();
        for (RollbackOutcome.Watermark w : marks.subList(0, Math.min(5, marks.size()))) {
            parts.add((w.partition() == null ? "" : "partition " + w.partition() + " ")
                    + (w.value() == null ? "no watermark" : "watermark " + w.value()));
        }
        return String.join(", ", parts) + (marks.size() > 5 ? " and " + (marks.size() - 5) + " more" : "");
    }
}
