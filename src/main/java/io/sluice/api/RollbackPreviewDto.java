package io.sluice.api;

import io.sluice.lake.LakeTables;
import io.sluice.lake.RollbackOutcome;
import io.sluice.runs.RollbackDownstream;
import java.time.Instant;
import java.util.List;

/**
 * What a rollback of an asset's whole table would do, worked out without changing anything: the target, the publish whose
 * state comes back ({@code null}: the table goes back to empty), the publishes it undoes and brings back, the current rows
 * now and after, the watermarks the asset is left with, when the table first left the restored state, each downstream
 * asset with whether it read the changed data and whether the rollback resets its incremental state, and why it cannot
 * be done ({@code null} when it can).
 */
public record RollbackPreviewDto(
        String table,
        String rollbackTo,
        LakeTables.WriteSummary restored,
        List<LakeTables.WriteSummary> undone,
        List<LakeTables.WriteSummary> broughtBack,
        long rowsNow,
        long rowsAfter,
        List<RollbackOutcome.Watermark> watermarks,
        Instant changedSince,
        List<Downstream> downstream,
        String problem) {

    /** A downstream asset of the rolled-back one. */
    public record Downstream(
            String asset,
            boolean keyed,
            Instant lastMaterialized,
            boolean readChangedData,
            boolean resetsIncrementalState) {}

    static RollbackPreviewDto of(
            LakeTables.RollbackPreview p, boolean keyed, List<RollbackDownstream.Downstream> downstream) {
        return new RollbackPreviewDto(
                p.table(),
                p.target().encode(),
                p.restored().orElse(null),
                p.undone(),
                p.broughtBack(),
                p.rowsNow(),
                p.rowsAfter(),
                keyed ? p.watermarks() : List.of(),
                p.changedSince().orElse(null),
                downstream.stream()
                        .map(d -> new Downstream(
                                d.asset().toString(),
                                d.keyed(),
                                d.lastMaterialized().orElse(null),
                                d.readChangedData(),
                                d.resetsIncrementalState()))
                        .toList(),
                p.problem().orElse(null));
    }
}
