package io.sluice.lake.contract;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.postgres.PgConnections;
import io.sluice.lake.postgres.PgLake;
import io.sluice.lake.postgres.PgLakeTables;
import io.sluice.lake.postgres.PgSettings;
import io.sluice.testing.EmbeddedPg;
import java.time.Clock;

/** Reading tables' rows on PostgreSQL (embedded; a database per test). */
class PostgresTableReadsTest extends TableReadsContract {

    @Override
    protected Lake open() {
        String url = EmbeddedPg.freshDatabase("table_reads");
        return new PgLake(
                        PgConnections.pool(url, EmbeddedPg.USER, EmbeddedPg.USER, 4),
                        PgSettings.of("lake"),
                        Clock.systemUTC())
                .open();
    }

    @Override
    protected void close(Lake lake) {
        ((PgLake) lake).close();
    }

    @Override
    protected LakeTables tables(Lake lake, DeclaredTables declared) {
        return new PgLakeTables((PgLake) lake, declared);
    }
}
