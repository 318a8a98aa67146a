package io.sluice.web;

import io.sluice.lake.LakeTables;
import io.sluice.runs.RunIds;

/** One lake table in the data browser's list. */
public record DataPageRow(
        String name,
        String writeMode,
        boolean bitemporal,
        String asset,
        String currentRows,
        String totalRows,
        String lastRunId,
        String lastRunShort,
        String lastWrite,
        String lastWriteIso,
        String lastChange) {

    static final String BITEMPORAL = "BITEMPORAL_MERGE";

    static DataPageRow of(LakeTables.TableInfo t) {
        LakeTables.LastWrite w = t.lastWrite();
        return new DataPageRow(
                t.name(),
                t.writeMode(),
                BITEMPORAL.equals(t.writeMode()),
                t.asset(),
                Format.count(t.currentRows()),
                Format.count(t.totalRows()),
                w == null ? null : w.runId(),
                w == null ? null : RunIds.shortForm(w.runId()),
                w == null ? null : Format.time(w.writtenAt()),
                w == null ? null : Format.iso(w.writtenAt()),
                w == null ? null : "+" + Format.count(w.rowsInserted()) + " / −" + Format.count(w.rowsRemoved()));
    }
}
