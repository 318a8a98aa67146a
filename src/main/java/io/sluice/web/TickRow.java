package io.sluice.web;

import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.runs.RunIds;
import java.util.List;

/**
 * One entry of tick history (a schedule's or sensor's tick, a trigger's evaluation): when, what it ended as, what it
 * launched (runs and backfills, which link to their pages) or why not.
 */
public record TickRow(
        String tick, String tickIso, String outcome, List<String> runIds, List<String> backfillIds, String detail) {

    static TickRow of(StoredTick stored) {
        TickOutcome outcome = stored.tick().outcome();
        String kind;
        String detail = "";
        List<String> runs = List.of();
        List<String> backfills = List.of();
        if (outcome instanceof TickOutcome.Launched l) {
            kind = "LAUNCHED";
            runs = l.runIds();
            backfills = l.backfillIds();
            detail = l.note();
        } else if (outcome instanceof TickOutcome.Skipped s) {
            kind = "SKIPPED";
            detail = s.reason();
        } else {
            kind = "FAILED";
            detail = ((TickOutcome.Failed) outcome).error();
        }
        return new TickRow(
                Format.time(stored.tick().tick()), Format.iso(stored.tick().tick()), kind, runs, backfills, detail);
    }

    /** The status class the pages colour an outcome with. */
    public String statusClass() {
        return switch (outcome) {
            case "LAUNCHED" -> "s-SUCCESS";
            case "FAILED" -> "s-FAILURE";
            default -> "s-SKIPPED";
        };
    }

    /** The short form of an id, as the pages show run and backfill ids. */
    public String shortId(String id) {
        return RunIds.shortForm(id);
    }
}
