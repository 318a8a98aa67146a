package io.sluice.lake.postgres;

import io.sluice.lake.engine.NoTableBrowser;
import java.util.Collection;
import java.util.Map;

/**
 * What the pages and the API read of the PostgreSQL lake's tables: the row counts their last writes recorded. The table
 * browser (listing, rows, changes, rollback previews) is not on this lake yet, and says so.
 */
public final class PgLakeTables extends NoTableBrowser {

    /** The one sentence every refused read answers with. */
    static final String NO_BROWSER = "the table browser is not available on the PostgreSQL lake yet; query the lake's "
            + "schema with psql to see its tables";

    private final PgLake lake;

    public PgLakeTables(PgLake lake) {
        super(NO_BROWSER);
        this.lake = lake;
    }

    @Override
    public Map<String, Long> currentRows(Collection<String> names) {
        return lake.recordedRows(names);
    }
}
