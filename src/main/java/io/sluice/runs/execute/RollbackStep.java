package io.sluice.runs.execute;

import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.BusinessDates;
import io.sluice.lake.Lake;
import io.sluice.lake.Publication;
import io.sluice.lake.RollbackOutcome;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.TableSpec;
import io.sluice.runs.Plural;
import io.sluice.runs.RollbackDownstream;
import io.sluice.runs.Run;
import io.sluice.runs.RunStatus;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The step of a rollback run: restores the asset's table (or one partition) to the run's target as a write of the run,
 * then records, in one transaction of the metadata store ({@link RollbackRecords}), the asset's incremental state as the
 * restored data leaves it, the reset of the downstream assets that read the changed data, the status of the partitions
 * whose data it removed or gave back, and the materialization.
 */
final class RollbackStep {

    private final Lake lake;
    private final InstantSource clock;
    private final RollbackDownstream downstream;
    private final Function<MaterializeResult, String> json;

    RollbackStep(
            Lake lake, InstantSource clock, RollbackDownstream downstream, Function<MaterializeResult, String> json) {
        this.lake = lake;
        this.clock = clock;
        this.downstream = downstream;
        this.json = json;
    }

    StepOutcome run(Run run, AssetSpec<?> spec, StoredRunLogger log, GroupJournal journal) {
        TableSpec table = spec.table().orElseThrow(() -> new StepFailed("asset " + spec.key() + " declares no table"));
        RollbackTarget target = RollbackTarget.decode(run.rollbackTo());
        Optional<String> partition = run.partitions().stream().findFirst();
        long started = System.nanoTime();
        log.info("rolling " + table.name()
                + partition.map(p -> " partition " + p).orElse("") + " back to its state at " + target);
        // a bi-temporal table finds a partition's rows by the business dates it covers (its date column)
        Optional<BusinessDates> dates =
                partition.flatMap(k -> BusinessDates.ofPartition(spec.partitions(), k, clock.instant()));
        RollbackOutcome outcome = lake.rollback(table, target, run.id(), partition, dates);
        Publication p = outcome.publication();
        if (!p.published()) {
            throw new StepFailed("rollback of " + table.name() + " refused: " + p.rejection());
        }
        Instant now = clock.instant();
        long durationMs = (System.nanoTime() - started) / 1_000_000;
        RollbackRecords records = RollbackRecords.of(
                run, spec, outcome, downstream.of(spec.key(), outcome.changedSince()), now, durationMs, false, json);
        RolledBackPartitions changed = records.partitions();
        if (!changed.missing().isEmpty()) {
            log.info(describe(changed.missing()) + " MISSING: the rollback removed their data");
        }
        if (!changed.materialized().isEmpty()) {
            log.info(describe(changed.materialized()) + " MATERIALIZED again: the rollback brought their data back");
        }
        records.lines().forEach(log::info);
        log.info("rolled back: " + Plural.of(p.rowsInserted(), "row or version", "rows or versions") + " added, "
                + p.rowsRemoved() + " removed or closed; " + Plural.of(p.currentRows(), "current row", "current rows"));
        // after the log lines: a flush the lines make due stores the records with them, all at once
        journal.add(records.records());
        return new StepOutcome(RunStatus.SUCCESS, 0, 1, p.rowsChanged(), null);
    }

    private static String describe(List<String> keys) {
        return keys.size() == 1
                ? "partition " + keys.get(0) + " is"
                : keys.size() + " partitions (" + keys.get(0) + " ... " + keys.get(keys.size() - 1) + ") are";
    }
}
