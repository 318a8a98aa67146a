package io.sluice.alerts;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The one decision of de-duplication and throttling, per rule, asset and cause: the first firing notifies; another
 * within the rule's window is suppressed and counted; the first after the window notifies with the count of those
 * suppressed since; a clearing incident of an open cause notifies once that it is resolved (with the count of those
 * suppressed since the last notification), and a clearing incident of a cause that is not open is nothing. A one-off
 * cause (a backfill finished, a node lost) never stays open. A clearing incident no later than the latest firing one is
 * nothing too: it is old news (read again, or committed late), and the cause fired after it.
 */
public final class Throttle {

    private Throttle() {}

    /**
     * What is stored per rule, asset and cause between incidents.
     *
     * @param latest when the latest firing incident happened, notified or suppressed
     */
    public record State(boolean open, Optional<Instant> lastSent, long suppressed, Optional<Instant> latest) {

        public static final State NONE = new State(false, Optional.empty(), 0, Optional.empty());

        public State {
            lastSent = lastSent == null ? Optional.empty() : lastSent;
            latest = latest == null ? Optional.empty() : latest;
        }
    }

    public enum Kind {
        /** Notify that the cause fires. */
        FIRING,
        /** Notify that the cause cleared. */
        RESOLVED,
        /** Notify nothing; the suppressed count grew. */
        SUPPRESSED,
        /** Nothing to do (a clearing incident of a cause that is not open). */
        NOTHING
    }

    /**
     * What to do, and the state to store after it.
     *
     * @param suppressedBefore for a notification: how many incidents were suppressed since the last one, said in it
     */
    public record Decision(Kind kind, State next, long suppressedBefore) {

        public boolean notifies() {
            return kind == Kind.FIRING || kind == Kind.RESOLVED;
        }
    }

    public static Decision decide(Duration window, State state, Incident incident) {
        if (incident.clearing()) {
            boolean after = state.latest().map(l -> incident.at().isAfter(l)).orElse(true);
            return state.open() && after
                    ? new Decision(
                            Kind.RESOLVED,
                            new State(false, Optional.of(incident.at()), 0, state.latest()),
                            state.suppressed())
                    : new Decision(Kind.NOTHING, state, 0);
        }
        Optional<Instant> latest =
                Optional.of(state.latest().filter(l -> l.isAfter(incident.at())).orElse(incident.at()));
        boolean withinWindow = state.lastSent()
                .map(sent -> incident.at().isBefore(sent.plus(window)))
                .orElse(false);
        boolean stays = incident.cause().clears();
        if (withinWindow && (state.open() || !stays)) {
            return new Decision(
                    Kind.SUPPRESSED, new State(state.open(), state.lastSent(), state.suppressed() + 1, latest), 0);
        }
        return new Decision(Kind.FIRING, new State(stays, Optional.of(incident.at()), 0, latest), state.suppressed());
    }
}
