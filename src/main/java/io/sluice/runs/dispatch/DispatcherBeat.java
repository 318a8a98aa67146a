package io.sluice.runs.dispatch;

import java.time.Duration;
import java.util.Optional;

/**
 * What the liveness check knows of this process's run dispatcher: whether the process executes runs at all, whether the
 * dispatcher's thread is alive, and how long ago its loop last went round (it goes round at least every half second
 * while it waits, more often while runs end).
 */
public record DispatcherBeat(boolean executes, boolean alive, Duration sinceLastRound) {

    /** Why the dispatcher is not doing its work, or empty while it is (or while this process executes no runs). */
    public Optional<String> problem(Duration stallAfter) {
        if (!executes) {
            return Optional.empty();
        }
        if (!alive) {
            return Optional.of("the run dispatcher has stopped: queued runs will not start until Sluice is restarted");
        }
        if (sinceLastRound.compareTo(stallAfter) > 0) {
            return Optional.of("the run dispatcher has not gone round its loop for " + sinceLastRound.toSeconds()
                    + " s (more than " + stallAfter.toSeconds() + " s): queued runs are not being started");
        }
        return Optional.empty();
    }
}
