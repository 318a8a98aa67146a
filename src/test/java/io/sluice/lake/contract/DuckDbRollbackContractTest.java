package io.sluice.lake.contract;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.duckdb.DuckDbLake;
import io.sluice.lake.duckdb.DuckDbLakeTables;
import io.sluice.lake.duckdb.DuckDbLakes;
import java.nio.file.Path;
import java.time.InstantSource;
import org.junit.jupiter.api.io.TempDir;

/** The rollback contract on DuckDB. */
class DuckDbRollbackContractTest extends RollbackContract {

    @TempDir
    Path dir;

    @Override
    protected Lake open(InstantSource clock) {
        return DuckDbLakes.open(dir.resolve("lake.duckdb"), clock);
    }

    @Override
    protected void close(Lake lake) {
        DuckDbLakes.close((DuckDbLake) lake);
    }

    @Override
    protected String rowsAsText(String table) {
        return "SELECT CAST(struct_pack(*COLUMNS(*)) AS VARCHAR) AS r FROM " + table;
    }

    @Override
    protected LakeTables tables(Lake lake, DeclaredTables declared) {
        return new DuckDbLakeTables((DuckDbLake) lake, declared);
    }
}
