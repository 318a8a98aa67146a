package io.sluice.lake.contract;

import io.sluice.lake.Lake;
import io.sluice.lake.postgres.PgConnections;
import io.sluice.lake.postgres.PgLake;
import io.sluice.lake.postgres.PgSettings;
import io.sluice.testing.EmbeddedPg;
import java.time.Clock;

/** The lake contract on PostgreSQL (embedded; a database per test). */
class PostgresLakeContractTest extends LakeContract {

    /** A PostgreSQL lake in schema {@code lake} of a fresh embedded database named after {@code name}. */
    static PgLake freshLake(String name) {
        String url = EmbeddedPg.freshDatabase(name);
        return new PgLake(
                        PgConnections.pool(url, EmbeddedPg.USER, EmbeddedPg.USER, 4),
                        PgSettings.of("lake"),
                        Clock.systemUTC())
                .open();
    }

    @Override
    protected Lake open() {
        return freshLake("lake_contract");
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
