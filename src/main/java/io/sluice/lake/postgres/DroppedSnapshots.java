package io.sluice.lake.postgres;

import io.sluice.lake.engine.rollback.RollbackRefused;
import java.sql.SQLException;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A rollback whose snapshot another node's expiry dropped after the rollback had found it in the write log and before
 * it read it: PostgreSQL says the table is undefined (SQLState 42P01). The retention is checked again (in a transaction
 * of its own, the rollback's having failed): if the state is no longer kept the rollback is refused with the sentence the
 * check gives, as it would have been had the expiry come first; otherwise the failure stands.
 */
final class DroppedSnapshots {

    /** PostgreSQL's undefined_table. */
    static final String UNDEFINED_TABLE = "42P01";

    private DroppedSnapshots() {}

    /**
     * The result of {@code rollback}, or a {@link RollbackRefused} with {@code problem}'s sentence when it failed on an
     * undefined table and {@code problem} (the rollback's check, asked again) now finds one.
     */
    static <T> T refusedWhenExpired(Supplier<T> rollback, Supplier<Optional<String>> problem) {
        try {
            return rollback.get();
        } catch (RuntimeException e) {
            if (!undefinedTable(e)) {
                throw e;
            }
            Optional<String> now = problem.get();
            if (now.isEmpty()) {
                throw e;
            }
            RollbackRefused refused = new RollbackRefused(now.get());
            refused.addSuppressed(e);
            throw refused;
        }
    }

    /** Whether {@code e} or one of its causes is PostgreSQL's undefined_table. */
    static boolean undefinedTable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && UNDEFINED_TABLE.equals(s.getSQLState())) {
                return true;
            }
        }
        return false;
    }
}
