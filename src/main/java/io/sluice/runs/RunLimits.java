package io.sluice.runs;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * The stored limits on runs executing at once, per scope (a pool or a group of runs): the storage port. A scope without
 * a limit is limited by the workers only. Claims count them in the store, so every node applies the same limits the
 * moment they change. Calls join the caller's transaction, or run in one of their own.
 */
public interface RunLimits {

    /** A limited scope: a pool or a group, by name. */
    record Key(Scope scope, String name) implements Comparable<Key> {
        public Key {
            Objects.requireNonNull(scope, "scope");
            if (name == null || name.isEmpty()) {
                throw new IllegalArgumentException("a limit's name is not empty");
            }
        }

        @Override
        public int compareTo(Key other) {
            int c = scope.compareTo(other.scope);
            return c != 0 ? c : name.compareTo(other.name);
        }
    }

    /**
     * The limits and the runs counted against each scope (its {@code run_slot} rows: STARTED runs), read together across
     * the cluster.
     */
    record Usage(Map<Key, Integer> limits, Map<Key, Integer> running) {
        public static final Usage NONE = new Usage(Map.of(), Map.of());

        public Usage {
            limits = Map.copyOf(limits);
            running = Map.copyOf(running);
        }

        /** The scope's limit, {@link Integer#MAX_VALUE} if it has none. */
        public int limit(Key key) {
            return limits.getOrDefault(key, Integer.MAX_VALUE);
        }

        public int running(Key key) {
            return running.getOrDefault(key, 0);
        }
    }

    /** The limits of one scope, by name, sorted. */
    Map<String, Integer> all(Scope scope);

    /**
     * Sets the limit (at least 1), creating it or replacing the one it has, in one statement.
     *
     * @throws LostRace if another transaction created the same limit at the same time
     */
    void set(Scope scope, String name, int max, Instant now);

    /** Removes the limit; false if there was none. */
    boolean remove(Scope scope, String name);

    /**
     * Another transaction created the same limit at the same time, and the store refused this one's insert: nothing of
     * this transaction should be kept, and setting the limit again (in a new transaction) updates the row.
     */
    final class LostRace extends RuntimeException {
        public LostRace(Key key, Throwable cause) {
            super(
                    "the limit of " + key.scope().name().toLowerCase(java.util.Locale.ROOT) + " " + key.name()
                            + " was just created by another request",
                    cause);
        }
    }
}
