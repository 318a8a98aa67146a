package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.BitemporalTable;
import java.sql.Connection;
import java.time.InstantSource;
import java.util.List;

/** What the small-write session tests share: the owners table and sessions with or without small writes. */
final class SmallWriteSessions {

    /** Owners complete by firm, as the example's ownership table. */
    static final BitemporalTable OWNERS = BitemporalTable.of(
                    "owners", List.of("firm", "owner"), List.of("pct"), "filing_date")
            .withCompleteBy(List.of("firm"));

    private SmallWriteSessions() {}

    /** A session that takes small writes when they apply ({@code small}), or always the general path. */
    static BitemporalSession session(Connection c, BitemporalTable table, boolean small) {
        return new BitemporalSession(c, table, InstantSource.system(), SessionOptions.DEFAULT.withSmallWrites(small));
    }
}
