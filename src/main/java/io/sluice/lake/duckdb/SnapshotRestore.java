package io.sluice.lake.duckdb;

import io.sluice.lake.engine.WriteOutcome;
import java.util.Optional;

/** Puts the rows of a snapshot back in place of the rows {@code filter} selects; no snapshot means no rows. */
final class SnapshotRestore {

    private SnapshotRestore() {}

    static WriteOutcome restore(DuckDbSession db, String table, Optional<String> snapshot, String filter) {
        long removed = db.execute("DELETE FROM " + table + " WHERE " + filter);
        long inserted = snapshot.map(s -> db.execute("INSERT INTO " + table + " BY NAME SELECT * FROM " + s))
                .orElse(0L);
        return WriteOutcome.of(0, inserted, removed);
    }
}
