package io.sluice.lake.contract;

import io.sluice.lake.Lake;
import io.sluice.lake.duckdb.DuckDbLake;
import io.sluice.lake.duckdb.DuckDbLakes;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.io.TempDir;

/** The lake contract on DuckDB. */
class DuckDbLakeContractTest extends LakeContract {

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
    protected String endlessQuery() {
        return "SELECT count(*) FROM range(1000000000000) t(i) WHERE hash(i) = 42";
    }
}
