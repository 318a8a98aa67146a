package io.sluice.web;

import io.sluice.catalog.AssetKey;
import io.sluice.lake.LakeTables;
import io.sluice.lake.RollbackOutcome;
import io.sluice.runs.RollbackDownstream;
import io.sluice.runs.RunIds;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The rollback confirmation: the table, the run to go back to ({@code field} {@code toRun}) or to undo ({@code beforeRun}),
 * what will change, what happens downstream, the reason as typed, an error.
 */
public record TablePageRollbackView(
        DataPageRow table,
        String runField,
        String toRun,
        String shortRun,
        TablePageRollbackView.Preview preview,
        String reason,
        String field,
        String error) {

    /** Whether the page undoes the run (goes back to just before it) rather than going back to it. */
    public boolean undo() {
        return "beforeRun".equals(runField);
    }

    /**
     * What the rollback will change, for people; {@code incremental} says where the asset's incremental state goes (for a
     * keyed asset), {@code downstream} what happens to each asset that reads the table; {@code problem} says why it cannot
     * be done, when it cannot.
     */
    public record Preview(
            Write restored,
            List<Write> undone,
            List<Write> broughtBack,
            String rowsNow,
            String rowsAfter,
            String rowsDelta,
            List<String> incremental,
            List<Downstream> downstream,
            String problem) {

        static Preview of(
                LakeTables.RollbackPreview p,
                boolean keyed,
                List<RollbackDownstream.Downstream> downstream,
                Function<AssetKey, String> policy,
                boolean triggersOn) {
            long delta = p.rowsAfter() - p.rowsNow();
            return new Preview(
                    p.restored().map(Write::of).orElse(null),
                    p.undone().stream().map(Write::of).toList(),
                    p.broughtBack().stream().map(Write::of).toList(),
                    Format.count(p.rowsNow()),
                    Format.count(p.rowsAfter()),
                    delta == 0 ? "no change" : (delta > 0 ? "+" : "−") + Format.count(Math.abs(delta)),
                    keyed ? incremental(p.watermarks()) : List.of(),
                    downstream.stream()
                            .map(d -> Downstream.of(d, policy.apply(d.asset()), triggersOn))
                            .toList(),
                    p.problem().orElse(null));
        }

        private static List<String> incremental(List<RollbackOutcome.Watermark> marks) {
            if (marks.isEmpty()) {
                return List.of("Its incremental state stays as it is: no write that recorded a watermark changes.");
            }
            List<String> lines = marks.stream()
                    .limit(20)
                    .map(w ->
                            (w.partition() == null ? "The watermark" : "Partition " + w.partition() + ": the watermark")
                                    + (w.value() == null
                                            ? " is removed, so its next INCREMENTAL run recomputes every key."
                                            : " goes back to " + w.value()
                                                    + ", the restored data's, so its next INCREMENTAL run recomputes the keys "
                                                    + "that changed upstream since."))
                    .toList();
            return marks.size() > 20
                    ? Stream.concat(lines.stream(), Stream.of("… and " + (marks.size() - 20) + " more."))
                            .toList()
                    : lines;
        }
    }

    /** One asset downstream of the table's: whether it read the data the rollback changes, and what happens to it. */
    public record Downstream(String asset, boolean read, String lastMaterialized, String effect, String launch) {

        static Downstream of(RollbackDownstream.Downstream d, String policy, boolean triggersOn) {
            String last = d.lastMaterialized().map(Format::time).orElse(null);
            String effect;
            if (!d.readChangedData()) {
                effect = last == null
                        ? "Never materialized: nothing of it depends on the changed data."
                        : "Not affected: it has not run since the data this rollback changes landed.";
            } else if (d.keyed()) {
                effect = "Read the changed data. The rollback resets its incremental state: its next INCREMENTAL run "
                        + "recomputes every key from the rolled-back table.";
            } else {
                effect = "Read the changed data. It keeps no incremental state: its next run recomputes it from the "
                        + "rolled-back table.";
            }
            String launch = !d.readChangedData()
                    ? null
                    : policy.isEmpty()
                            ? "Nothing launches it on its own: launch it to recompute it."
                            : !triggersOn
                                    ? "Its trigger (" + policy + ") is off on this server "
                                            + "(sluice.automation.triggers.enabled): launch it to recompute it."
                                    : policy.equals("eager")
                                            ? "Its trigger (eager) launches it once it sees the rollback's materialization."
                                            : "Its trigger (" + policy
                                                    + ") decides when it runs next; launch it to recompute it now.";
            return new Downstream(d.asset().toString(), d.readChangedData(), last, effect, launch);
        }
    }

    /** One publish of the write log. */
    public record Write(
            long writeId,
            String runId,
            String shortRun,
            String partition,
            String writtenAt,
            String writtenAtIso,
            String inserted,
            String removed,
            String current) {

        static Write of(LakeTables.WriteSummary w) {
            return new Write(
                    w.writeId(),
                    w.runId(),
                    RunIds.shortForm(w.runId()),
                    w.partition(),
                    Format.time(w.writtenAt()),
                    Format.iso(w.writtenAt()),
                    Format.count(w.rowsInserted()),
                    Format.count(w.rowsRemoved()),
                    Format.count(w.currentRows()));
        }
    }
}
