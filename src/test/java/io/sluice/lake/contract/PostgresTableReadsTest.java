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

    @Override
    protected String fileRead() {
        return "SELECT pg_read_file('/etc/passwd')";
    }

    /** Where the lake shares the metadata store's database, the store's tables (users, tokens) stay out of a query's reach. */
    @org.junit.jupiter.api.Test
    void aQueryReadsOnlyTheLakesSchema() {
        lake.read(s -> s.execute(
                "CREATE TABLE public.store_secrets (token TEXT); INSERT INTO public.store_secrets VALUES ('x')"));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> tables.query("SELECT * FROM public.store_secrets", 10, java.time.Duration.ofSeconds(5)))
                .isInstanceOf(LakeTables.UnsupportedRead.class)
                .hasMessage("the query may read only the lake's tables (schema lake), not those of public");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> tables.query(
                        "SELECT count(*) FROM pg_catalog.pg_class WHERE relname IN (SELECT token FROM public.store_secrets)",
                        10,
                        java.time.Duration.ofSeconds(5)))
                .isInstanceOf(LakeTables.UnsupportedRead.class);
        org.assertj.core.api.Assertions.assertThat(tables.query(
                                "SELECT count(*) AS n FROM pg_catalog.pg_class", 1, java.time.Duration.ofSeconds(5))
                        .rows())
                .hasSize(1);
    }
}
