package io.sluice.runs.dispatch;

import io.sluice.runs.Fence;
import io.sluice.runs.RunFinished;
import io.sluice.runs.RunRecords;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/** What start-up recovery asks the metadata store beyond the run queue: runs nothing will claim, and ends to hear again. */
public interface RecoveryStore {

    /**
     * Cancels, with {@code why}, the queued runs of these groups (groups that ended: the dispatcher only claims runs of
     * admitted groups, so nothing would ever start them, and they would hold their partitions for ever). Returns them.
     */
    List<RunFinished> cancelQueuedOf(Collection<String> groups, Instant now, String why);

    /**
     * Runs of a group that ended without success while runs that wait for them are still queued (the process stopped
     * before it canceled those): the same end again, so that its dependents are canceled and its group can end.
     */
    List<RunFinished> unsuccessfulWithQueuedDependents();

    /**
     * Marks a run this node (without the lake) ends as to be reconciled by the lake's node ({@code lake_reconcile =
     * needs_lake}), fenced on the run's owner and epoch; nothing changes when the fence fails.
     */
    void awaitLakeReconcile(String runId, Fence fence);

    /** The ended runs marked {@code lake_reconcile}, oldest first. */
    List<String> awaitingLakeReconcile();

    /** Stores what the lake's node recovered of such a run (unfenced: the run has ended) and clears its mark, at once. */
    void lakeReconciled(String runId, RunRecords records);
}
