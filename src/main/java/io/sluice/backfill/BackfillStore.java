package io.sluice.backfill;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The storage port of backfills (their runs are in the run store). */
public interface BackfillStore {

    void create(Backfill backfill);

    Optional<Backfill> find(String id);

    /** Ids of backfills that end with {@code suffix} (hexadecimal digits and dashes), at most {@code limit}. */
    List<String> idsEndingWith(String suffix, int limit);

    List<Backfill> withStatus(BackfillStatus status);

    /** The ids of the backfills in one of these statuses. */
    List<String> idsWithStatus(Set<BackfillStatus> statuses);

    /** Of these backfill ids, those of backfills in {@code status}. */
    Set<String> withStatus(Collection<String> ids, BackfillStatus status);

    /** The backfills launched to retry the failures of {@code id} (whose parent it is), oldest first. */
    List<Backfill> retriesOf(String id);

    /**
     * Moves the backfill to {@code to} at {@code at} if its status is one of {@code from}; false if it was not. Its end is
     * {@code at} when {@code to} is terminal; PAUSED starts a pause at {@code at}, and leaving PAUSED adds the pause to
     * the time it was paused.
     */
    boolean transition(String id, Set<BackfillStatus> from, BackfillStatus to, Instant at);

    /**
     * A page of backfills newest first (created, then id, descending), in {@code status} if given, strictly after the
     * keyset position {@code after} if given (pages stay stable while new backfills arrive), at most {@code limit}: the
     * one way every list of backfills reads.
     */
    List<Backfill> page(Optional<BackfillStatus> status, Optional<Position> after, int limit);

    /** A position in the backfills list: a backfill's creation instant and id (ids break ties). */
    record Position(Instant createdAt, String id) {
        public Position {
            if (createdAt == null || id == null || id.isBlank()) {
                throw new IllegalArgumentException("a position needs an instant and an id");
            }
        }

        public static Position of(Backfill b) {
            return new Position(b.createdAt(), b.id());
        }
    }
}
