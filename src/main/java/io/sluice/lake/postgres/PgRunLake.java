package io.sluice.lake.postgres;

import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.engine.RunOfLake;
import io.sluice.lake.engine.RunWork;
import java.util.Optional;

/**
 * The PostgreSQL lake as one run uses it: its reads, writes, staging and publishing run as the run's work, whose
 * running statement a cancel of the run stops ({@code Statement.cancel}) and whose later work is refused. Dropping a
 * staging's tables and the warning checks after a commit are the lake's own work, never interrupted.
 */
final class PgRunLake extends RunOfLake<PgLake> implements PgWork {

    PgRunLake(PgLake lake, RunWork runs, RunWork.Run run) {
        super(lake, runs, run);
    }

    @Override
    public <T> T inTransaction(Optional<String> writeLockOf, Unit<T> work) {
        return asRun(() -> lake().inTransaction(writeLockOf, work));
    }

    @Override
    public Staging stage(TableSpec table, String runId, Optional<String> partition) {
        return lake().stage(table, runId, partition, this);
    }
}
