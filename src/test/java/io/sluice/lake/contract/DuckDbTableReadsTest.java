package io.sluice.lake.contract;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.duckdb.DuckDbLake;
import io.sluice.lake.duckdb.DuckDbLakeTables;
import io.sluice.lake.duckdb.DuckDbLakes;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.io.TempDir;

/** Reading tables' rows on DuckDB. */
class DuckDbTableReadsTest extends TableReadsContract {

    @TempDir
    Path dir;

    @Override
    protected Lake open() {
        return DuckDbLakes.open(dir.resolve("lake.duckdb"), Clock.systemUTC());
    }

    @Override
    protected void close(Lake lake) {
        DuckDbLakes.close((DuckDbLake) lake);
    }

    @Override
    protected LakeTables tables(Lake lake, DeclaredTables declared) {
        return new DuckDbLakeTables((DuckDbLake) lake, declared);
    }

    @Override
    protected String fileRead() {
        return "SELECT * FROM read_csv('/etc/passwd')";
    }
}
