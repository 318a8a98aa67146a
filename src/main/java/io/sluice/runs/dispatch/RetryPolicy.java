package io.sluice.runs.dispatch;

import io.sluice.runs.Run;
import io.sluice.runs.launch.RunFactory;

/**
 * Whether a run that died with the process (kill -9, crash) is queued again at the next start: plugged in by whatever
 * launches groups of runs. A run no policy retries ends FAILURE and stays so.
 */
public interface RetryPolicy {

    /**
     * Whether the dead run is queued again, given the attempts made so far ({@link RunFactory#attempt(Run)}, counting
     * the first run). Called in the caller's transaction.
     */
    boolean retries(Run dead, int attemptsMade);

    /**
     * The dead run was queued again as {@code retry} (after some policy said it {@link #retries}), in the caller's
     * transaction: what tracks the group's runs can put the retry in the dead run's place.
     */
    default void retried(Run dead, Run retry) {}
}
