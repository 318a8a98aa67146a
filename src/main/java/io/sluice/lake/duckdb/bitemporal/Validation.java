package io.sluice.lake.duckdb.bitemporal;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * The one row of {@link StagingSql#validation}, typed: the rows in (before de-duplication), the first NULL or unreadable
 * key, scope or date ({@link StagingSql#UNEXPLAINED} when staging only marked it), the first conflict, the answer of the
 * extra check asked for, and the write's system time if it was asked for.
 */
record Validation(
        long rowsIn,
        Optional<String> rowProblem,
        Optional<String> conflict,
        Extra extra,
        boolean extraHolds,
        Optional<Instant> systemTime) {

    /** The check asked for after the three fixed columns. */
    enum Extra {
        /** None. */
        NONE,
        /** Whether a (key, date) occurs twice among the staged rows (see {@code StagingSql.repeatedKeys()}). */
        REPEATED_KEYS,
        /** Whether two value tuples share a value id ({@link StagingSql#valueIdCollision()}). */
        VALUE_ID_COLLISION
    }

    /** Reads the row of {@code validation(extra != NONE ...)} with the system time last when {@code timed}. */
    static Validation of(List<Object> row, Extra extra, boolean timed) {
        int expected = 3 + (extra == Extra.NONE ? 0 : 1) + (timed ? 1 : 0);
        if (row.size() != expected) {
            throw new IllegalStateException("a validation row has " + row.size() + " columns, expected " + expected);
        }
        boolean holds = extra != Extra.NONE && (Boolean) row.get(3);
        Optional<Instant> systemTime = timed
                ? Optional.of(Instant.EPOCH.plus(((Number) row.get(row.size() - 1)).longValue(), ChronoUnit.MICROS))
                : Optional.empty();
        return new Validation(
                ((Number) row.get(0)).longValue(),
                Optional.ofNullable(row.get(1)).map(Object::toString),
                Optional.ofNullable(row.get(2)).map(Object::toString),
                extra,
                holds,
                systemTime);
    }

    /** Whether a (key, date) repeats among the staged rows (asked for with {@link Extra#REPEATED_KEYS}). */
    boolean repeatedKeys() {
        return extra == Extra.REPEATED_KEYS && extraHolds;
    }

    /** Whether two value tuples share a value id (asked for with {@link Extra#VALUE_ID_COLLISION}). */
    boolean valueIdsCollide() {
        return extra == Extra.VALUE_ID_COLLISION && extraHolds;
    }

    /** The first problem (a row's, else a conflict), possibly {@link StagingSql#UNEXPLAINED}. */
    Optional<String> problem() {
        return rowProblem.isPresent() ? rowProblem : conflict;
    }
}
