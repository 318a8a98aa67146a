package io.sluice.lake.duckdb;

import io.sluice.lake.BusinessDates;
import io.sluice.lake.LakeWrite;
import io.sluice.lake.RollbackOutcome;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.RunLake;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import java.util.List;
import java.util.Optional;

/**
 * The lake as one run uses it: its reads, writes and rollbacks run as the run's work ({@link RunWork.Run}), on
 * connections a cancel of the run interrupts. A staging opened here stages and publishes as the run's work too; what
 * it does after the publish has committed or been given up (the warning checks, dropping its tables) is not, so that a
 * cancel neither undoes a commit's bookkeeping nor leaves staging tables behind.
 */
final class DuckDbRunLake implements RunLake, Sessions {

    private final DuckDbLake lake;
    private final RunWork runs;
    private final RunWork.Run run;
    private boolean closed;

    DuckDbRunLake(DuckDbLake lake, RunWork runs, RunWork.Run run) {
        this.lake = lake;
        this.runs = runs;
        this.run = run;
    }

    @Override
    public String identity() {
        return lake.identity();
    }

    @Override
    public <T> T write(String table, LakeWork<T> work) {
        return runs.asWorkOf(run, () -> lake.write(table, work));
    }

    @Override
    public <T> T read(LakeWork<T> work) {
        return runs.asWorkOf(run, () -> lake.read(work));
    }

    @Override
    public <T> T writeSession(String table, SessionWork<T> work) {
        return runs.asWorkOf(run, () -> lake.writeSession(table, work));
    }

    @Override
    public <T> T readSession(SessionWork<T> work) {
        return runs.asWorkOf(run, () -> lake.readSession(work));
    }

    @Override
    public Staging stage(TableSpec table, String runId, Optional<String> partition) {
        return lake.stage(table, runId, partition, this);
    }

    @Override
    public Optional<String> rollbackProblem(TableSpec table, RollbackTarget target, Optional<String> partition) {
        return lake.rollbackProblem(table, target, partition);
    }

    @Override
    public RollbackOutcome rollback(
            TableSpec table,
            RollbackTarget target,
            String runId,
            Optional<String> partition,
            Optional<BusinessDates> dates) {
        return runs.asWorkOf(run, () -> lake.rollback(table, target, runId, partition, dates));
    }

    @Override
    public Optional<RollbackOutcome> rollbackOf(TableSpec table, String runId) {
        return lake.rollbackOf(table, runId);
    }

    @Override
    public List<LakeWrite> writesOf(String runId) {
        return lake.writesOf(runId);
    }

    @Override
    public RunLake forRun(String runId) {
        return lake.forRun(runId);
    }

    @Override
    public int interrupt(String runId) {
        return lake.interrupt(runId);
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            runs.close(run);
        }
    }
}
