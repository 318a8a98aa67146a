package io.sluice.lake.engine.rollback;

import io.sluice.lake.BusinessDates;
import java.util.Optional;

/**
 * A rollback worked out against the write log, before anything is changed: the state to restore (right after write
 * {@code point}), the partition it is limited to (and, for a bi-temporal table, that partition's business dates), and
 * which writes it takes out of effect and brings back.
 */
public record RollbackPlan(
        RollbackPoint point, Optional<String> partition, Optional<BusinessDates> dates, WriteEffects.Change change) {}
