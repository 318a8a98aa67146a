package io.sluice.runs.dispatch;

import io.sluice.runs.RunLimits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The rule a claim applies, without I/O: which of the candidates (in queue order) fit the room the limits leave. A
 * candidate is admitted when each of its limited scopes has a free place, and then takes one place in each; otherwise
 * it is left out and the candidates after it are still looked at (a run of another pool may fit). Scopes without a
 * limit never hold a run back.
 *
 * @param room the free places of each limited scope: its limit less the runs counted against it (0 or less: full)
 */
public record ClaimRoom(Map<RunLimits.Key, Integer> room) {

    public ClaimRoom {
        room = Map.copyOf(room);
    }

    /** A run that may be claimed and the scopes it counts against (its group, if any, and each pool). */
    public record Candidate(String id, Set<RunLimits.Key> scopes) {
        public Candidate {
            Objects.requireNonNull(id, "id");
            scopes = Set.copyOf(scopes);
        }
    }

    /** The room given the limits and the runs counted against each scope. */
    public static ClaimRoom of(Map<RunLimits.Key, Integer> limits, Map<RunLimits.Key, Integer> running) {
        Map<RunLimits.Key, Integer> room = new HashMap<>();
        limits.forEach((key, max) -> room.put(key, max - running.getOrDefault(key, 0)));
        return new ClaimRoom(room);
    }

    /** The candidates that fit, in the order given. */
    public List<Candidate> admit(List<Candidate> candidates) {
        Map<RunLimits.Key, Integer> left = new HashMap<>(room);
        List<Candidate> admitted = new ArrayList<>();
        for (Candidate c : candidates) {
            boolean fits = c.scopes().stream().allMatch(s -> left.getOrDefault(s, Integer.MAX_VALUE) > 0);
            if (fits) {
                c.scopes().forEach(s -> left.computeIfPresent(s, (k, n) -> n - 1));
                admitted.add(c);
            }
        }
        return admitted;
    }
}
