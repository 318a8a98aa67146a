package io.sluice.lake.engine;

import io.sluice.lake.BusinessDates;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeDialect;
import io.sluice.lake.LakeWrite;
import io.sluice.lake.RollbackOutcome;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.RunLake;
import io.sluice.lake.TableSpec;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A lake as one run uses it ({@link Lake#forRun}), for any engine: its reads, writes and rollbacks run as the run's work
 * ({@link RunWork.Run}), on connections a cancel of the run interrupts; what only reads the lake's records (the write
 * log, rollback records) is the lake's own. An engine adds staging, which stages and publishes as the run's work too.
 */
public abstract class RunOfLake<L extends Lake> implements RunLake {

    private final L lake;
    private final RunWork runs;
    private final RunWork.Run run;
    private boolean closed;

    protected RunOfLake(L lake, RunWork runs, RunWork.Run run) {
        this.lake = lake;
        this.runs = runs;
        this.run = run;
    }

    /** The lake this run's lake is of. */
    protected final L lake() {
        return lake;
    }

    /** {@code work}, done as this run's lake work. */
    protected final <T> T asRun(Supplier<T> work) {
        return runs.asWorkOf(run, work);
    }

    @Override
    public String identity() {
        return lake.identity();
    }

    @Override
    public LakeDialect dialect() {
        return lake.dialect();
    }

    @Override
    public boolean shared() {
        return lake.shared();
    }

    @Override
    public boolean sharesStore() {
        return lake.sharesStore();
    }

    @Override
    public String where() {
        return lake.where();
    }

    @Override
    public <T> T write(String table, LakeWork<T> work) {
        return asRun(() -> lake.write(table, work));
    }

    @Override
    public <T> T read(LakeWork<T> work) {
        return asRun(() -> lake.read(work));
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
        return asRun(() -> lake.rollback(table, target, runId, partition, dates));
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
