package io.sluice.lake.engine.rollback;

import io.sluice.lake.engine.WriteOutcome;
import java.util.Optional;

/** Puts the rows of a snapshot back in place of the rows {@code filter} selects; no snapshot means no rows. */
public final class SnapshotRestore {

    private SnapshotRestore() {}

    public static WriteOutcome restore(RollbackSession db, String table, Optional<String> snapshot, String filter) {
        long removed = db.execute("DELETE FROM " + table + " WHERE " + filter);
        long inserted = snapshot.map(s -> {
                    String columns = db.columnList(s);
                    return db.execute("INSERT INTO " + table + " (" + columns + ") SELECT " + columns + " FROM " + s);
                })
                .orElse(0L);
        return WriteOutcome.of(0, inserted, removed);
    }
}
