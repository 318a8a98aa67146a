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
}
