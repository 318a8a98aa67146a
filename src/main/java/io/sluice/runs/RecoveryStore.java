package io.sluice.runs;

import java.time.Instant;
import java.util.List;

/** What start-up recovery asks the metadata store beyond the run store: whether a backfill may still run, and runs nothing will claim. */
public interface RecoveryStore {

    /** Whether the backfill is RUNNING or PAUSED, so that its queued runs may still be dispatched. */
    boolean backfillOpen(String backfillId);

    /**
     * Cancels, with {@code why}, the queued runs of backfills that ended: the dispatcher only claims runs of
     * running backfills, so nothing would ever start them, and they would hold their partitions for ever. Returns them.
     */
    List<RunFinished> cancelQueuedOfEndedBackfills(Instant now, String why);

    /**
     * Backfill runs that ended without success while runs that wait for them are still queued (the process stopped before
     * it canceled those): the same end again, so that its dependents are canceled and its backfill can end.
     */
    List<RunFinished> unsuccessfulWithQueuedDependents();
}
