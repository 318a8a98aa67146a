package io.sluice.web;

import io.sluice.lake.LakeTables;
import io.sluice.runs.RunIds;
import java.util.List;

/** The rollback confirmation: the table, the run to go back to, what will change, the reason as typed, an error. */
public record TablePageRollbackView(
        DataPageRow table,
        String toRun,
        String shortRun,
        TablePageRollbackView.Preview preview,
        String reason,
        String field,
        String error) {

    /** What the rollback will change, for people; {@code problem} says why it cannot be done, when it cannot. */
    public record Preview(
            Write restored,
            List<Write> undone,
            List<Write> broughtBack,
            String rowsNow,
            String rowsAfter,
            String rowsDelta,
            String problem) {

        static Preview of(LakeTables.RollbackPreview p) {
            long delta = p.rowsAfter() - p.rowsNow();
            return new Preview(
                    p.restored().map(Write::of).orElse(null),
                    p.undone().stream().map(Write::of).toList(),
                    p.broughtBack().stream().map(Write::of).toList(),
                    Format.count(p.rowsNow()),
                    Format.count(p.rowsAfter()),
                    delta == 0 ? "no change" : (delta > 0 ? "+" : "−") + Format.count(Math.abs(delta)),
                    p.problem().orElse(null));
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
