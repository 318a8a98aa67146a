package io.sluice.cluster;

import io.sluice.runs.execute.RunPhase;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a draining node does next with its runs in flight, a pure rule: runs claimed but not begun go back to the queue
 * at once; running runs may end as usual until the grace is over, and then every one left is handed back; a run leaving
 * already (its end or hand back stored, its group finishing) is waited for. Done when nothing is in flight.
 */
public final class DrainPlan {

    private DrainPlan() {}

    /** The next step of a drain. */
    public sealed interface Step permits Wait, HandBack, Done {}

    /** Nothing to do now: look again shortly. */
    public record Wait() implements Step {}

    /** Hand these runs back to the queue. */
    public record HandBack(Set<String> runs) implements Step {

        public HandBack {
            if (runs.isEmpty()) {
                throw new IllegalArgumentException("a hand back names at least one run");
            }
            runs = Set.copyOf(new TreeSet<>(runs));
        }
    }

    /** Nothing is in flight any more: the drain is over. */
    public record Done() implements Step {}

    /**
     * @param inFlight each run in flight here and where it is (a run picked whose claim is not done yet is LEAVING: it is
     *     waited for)
     */
    public static Step next(Instant now, Instant drainStartedAt, Duration grace, Map<String, RunPhase> inFlight) {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(drainStartedAt, "drainStartedAt");
        Objects.requireNonNull(grace, "grace");
        if (inFlight.isEmpty()) {
            return new Done();
        }
        Set<String> notBegun = new TreeSet<>();
        Set<String> running = new TreeSet<>();
        inFlight.forEach((id, phase) -> {
            if (phase == RunPhase.CLAIMED) {
                notBegun.add(id);
            } else if (phase == RunPhase.RUNNING) {
                running.add(id);
            }
        });
        boolean graceOver = !now.isBefore(drainStartedAt.plus(grace));
        if (graceOver) {
            notBegun.addAll(running);
        }
        return notBegun.isEmpty() ? new Wait() : new HandBack(notBegun);
    }
}
