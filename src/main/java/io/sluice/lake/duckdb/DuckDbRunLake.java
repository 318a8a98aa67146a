package io.sluice.lake.duckdb;

import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.engine.RunOfLake;
import io.sluice.lake.engine.RunWork;
import java.util.Optional;

/**
 * The lake as one run uses it: its reads, writes and rollbacks run as the run's work ({@link RunWork.Run}), on
 * connections a cancel of the run interrupts. A staging opened here stages and publishes as the run's work too; what
 * it does after the publish has committed or been given up (the warning checks, dropping its tables) is not, so that a
 * cancel neither undoes a commit's bookkeeping nor leaves staging tables behind.
 */
final class DuckDbRunLake extends RunOfLake<DuckDbLake> implements Sessions {

    DuckDbRunLake(DuckDbLake lake, RunWork runs, RunWork.Run run) {
        super(lake, runs, run);
    }

    @Override
    public <T> T writeSession(String table, SessionWork<T> work) {
        return asRun(() -> lake().writeSession(table, work));
    }

    @Override
    public <T> T readSession(SessionWork<T> work) {
        return asRun(() -> lake().readSession(work));
    }

    @Override
    public Staging stage(TableSpec table, String runId, Optional<String> partition) {
        return lake().stage(table, runId, partition, this);
    }
}
