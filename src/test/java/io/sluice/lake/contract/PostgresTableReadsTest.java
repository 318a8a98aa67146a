package io.sluice.lake.contract;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.postgres.PgLake;
import io.sluice.lake.postgres.PgLakeTables;

/** Reading tables' rows on PostgreSQL (embedded; a database per test). */
class PostgresTableReadsTest extends TableReadsContract {

    @Override
    protected Lake open() {
        return PostgresLakeContractTest.freshLake("table_reads");
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
