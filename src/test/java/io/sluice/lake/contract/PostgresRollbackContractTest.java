package io.sluice.lake.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import io.sluice.lake.postgres.PgConnections;
import io.sluice.lake.postgres.PgLake;
import io.sluice.lake.postgres.PgLakeTables;
import io.sluice.lake.postgres.PgSettings;
import io.sluice.testing.EmbeddedPg;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rollback contract on PostgreSQL (embedded; a database per test), and its own lake's migration and names. */
class PostgresRollbackContractTest extends RollbackContract {

    /** The database of this test's lake. */
    private String url;

    @Override
    protected Lake open(InstantSource clock) {
        url = EmbeddedPg.freshDatabase("lake_rollback");
        return on(url, clock);
    }

    /** The lake in database {@code url}. */
    private static Lake on(String url, InstantSource clock) {
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

    @Override
    protected Lake asOlderRelease(Lake lake) {
        lake.write("__sluice_writes", s -> {
            s.execute("DROP TABLE __sluice_effects");
            return s.execute("ALTER TABLE __sluice_writes DROP COLUMN snapshot");
        });
        close(lake);
        return on(url, clock);
    }

    @Test
    void aTableWithALongNameKeepsASnapshotPerWrite() {
        TableSpec longName = new TableSpec(
                "rb_upsert_with_a_name_long_enough_to_be_cut_by_postgresql_x", WriteMode.upsert("id"), List.of());
        publish(longName, "r1", null, "SELECT CAST(1 AS BIGINT) AS id, CAST('a' AS VARCHAR) AS v");
        List<String> afterR1 = export(longName);
        publish(longName, "r2", null, "SELECT CAST(1 AS BIGINT) AS id, CAST('b' AS VARCHAR) AS v");
        rollback(longName, "x1", "r1", null);
        assertThat(export(longName)).isEqualTo(afterR1);
    }
}
