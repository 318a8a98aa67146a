package io.sluice.lake.duckdb;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The id a lake file carries (issue 29: one lake per cluster): a UUID made at the file's first open and kept in the
 * one-row table {@code __sluice_lake}, beside the write log, so that a copy or another file is told apart from this one.
 */
final class LakeIdentity {

    static final String TABLE = "__sluice_lake";

    private LakeIdentity() {}

    /** The file's id, made (with {@code now} as its birth) the first time. */
    static String ensure(DuckDbSession db, Instant now) {
        db.execute(
                "CREATE TABLE IF NOT EXISTS " + TABLE + " (only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row), "
                        + "id VARCHAR NOT NULL, created_at TIMESTAMPTZ NOT NULL)");
        List<String> ids = db.queryStrings("SELECT id FROM " + TABLE);
        if (!ids.isEmpty()) {
            return ids.get(0);
        }
        String id = UUID.randomUUID().toString();
        db.execute("INSERT INTO " + TABLE + " (id, created_at) VALUES (?, ?)", id, now);
        return id;
    }
}
