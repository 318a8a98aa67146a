package io.sluice.lake.contract;

import io.sluice.lake.Lake;
import io.sluice.lake.postgres.PgConnections;
import io.sluice.lake.postgres.PgLake;
import io.sluice.lake.postgres.PgSettings;
import io.sluice.testing.EmbeddedPg;
import java.time.Clock;

/** The lake contract on PostgreSQL (embedded; a database per test). */
class PostgresLakeContractTest extends LakeContract {

    @Override
    protected Lake open() {
        String url = EmbeddedPg.freshDatabase("lake_contract");
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
    protected String endlessQuery() {
        return "SELECT count(*) FROM (SELECT pg_sleep(60)) s";
    }
}
