package io.sluice.lake.contract;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.postgres.PgConnections;
import io.sluice.lake.postgres.PgLake;
import io.sluice.lake.postgres.PgLakeTables;
import io.sluice.lake.postgres.PgSettings;
import io.sluice.testing.EmbeddedPg;
import java.time.InstantSource;

/** The rollback contract on PostgreSQL (embedded; a database per test). */
class PostgresRollbackContractTest extends RollbackContract {

    @Override
    protected Lake open(InstantSource clock) {
        String url = EmbeddedPg.freshDatabase("lake_rollback");
        return new PgLake(PgConnections.pool(url, EmbeddedPg.USER, EmbeddedPg.USER, 4), PgSettings.of("lake"), clock)
                .open();
    }

    @Override
    protected void close(Lake lake) {
        ((PgLake) lake).close();
    }

    @Override
    protected String rowsAsText(String table) {
        return "SELECT CAST(t AS VARCHAR) AS r FROM " + table + " t";
    }

    @Override
    protected LakeTables tables(Lake lake, DeclaredTables declared) {
        return new PgLakeTables((PgLake) lake, declared);
    }
}
