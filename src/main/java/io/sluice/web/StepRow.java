package io.sluice.web;

import io.sluice.runs.RunStep;
import java.time.Instant;

/** One asset step on the run page; keys read "—" for assets that do not process entity keys. */
public record StepRow(
        int number,
        String asset,
        String status,
        boolean keyed,
        String keys,
        String batches,
        String rows,
        String duration,
        String error) {

    static StepRow of(RunStep step, boolean keyed, Instant now) {
        return new StepRow(
                step.index() + 1,
                step.asset().toString(),
                step.status().name(),
                keyed,
                keyed ? Format.count(step.keyCount()) : "—",
                Format.count(step.batchCount()),
                Format.count(step.rowsWritten()),
                Format.duration(step.startedAt(), step.endedAt(), now),
                step.error() == null ? "" : step.error());
    }
}
