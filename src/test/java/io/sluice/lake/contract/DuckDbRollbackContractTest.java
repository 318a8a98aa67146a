package io.sluice.lake.contract;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.duckdb.DuckDbLake;
import io.sluice.lake.duckdb.DuckDbLakeTables;
import io.sluice.lake.duckdb.DuckDbLakes;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.InstantSource;
import java.util.Properties;
import org.duckdb.DuckDBDriver;
import org.junit.jupiter.api.io.TempDir;

/** The rollback contract on DuckDB, and a lake file an older release left (without the writes in effect). */
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

    @Override
    protected Lake asOlderRelease(Lake lake) throws Exception {
        close(lake);
        try (Connection c = new DuckDBDriver().connect("jdbc:duckdb:" + dir.resolve("lake.duckdb"), new Properties());
                Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS __sluice_effects");
        }
        return open(clock);
    }
}
