package io.sluice.lake.engine.rollback;

import io.sluice.lake.BusinessDates;
import java.util.Optional;

/**
 * A rollback worked out against the write log, before anything is changed: the state to restore (right after write
 * {@code point}), the partition it is limited to (and, for a bi-temporal table, that partition's business dates), and
 * which writes it takes out of effect and brings back.
 */
public record RollbackPlan(
        RollbackPoint point, Optional<String> partition, Optional<BusinessDates> dates, WriteEffects.Change change) {

    /** The business dates of a bi-temporal table's partition rollback, refused when a partition has none. */
    public Optional<BusinessDates> bitemporalDates(String table) {
        if (partition.isPresent() && dates.isEmpty()) {
            throw new RollbackRefused("partition " + partition.get() + " of bi-temporal table " + table
                    + " has no business dates to roll back");
        }
        return dates;
    }
}
