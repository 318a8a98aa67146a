package io.sluice.lake.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import io.sluice.testing.EmbeddedPg;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Several lakes (nodes) on one database, and connections that go back to their pool as they came. */
@Timeout(120)
class PgLakeSharingTest {

    private final String url = EmbeddedPg.freshDatabase("lake_sharing");

    private PgLake open(PgSettings settings) {
        return new PgLake(PgConnections.pool(url, EmbeddedPg.USER, EmbeddedPg.USER, 2), settings, Clock.systemUTC())
                .open();
    }

    private PgLake open() {
        return open(PgSettings.of("lake"));
    }

    @Test
    void nodesOpeningAtOnceShareOneLakeAndItsId() {
        CompletableFuture<PgLake> a = CompletableFuture.supplyAsync(this::open);
        CompletableFuture<PgLake> b = CompletableFuture.supplyAsync(this::open);
        PgLake first = a.join();
        PgLake second = b.join();
        try {
            assertThat(first.identity()).isNotBlank().isEqualTo(second.identity());
        } finally {
            first.close();
            second.close();
        }
    }

    private static final TableSpec FIRMS = new TableSpec("firms", WriteMode.upsert("id"), List.of());

    private static long stagingTables(PgLake lake) {
        return lake.<Long>read(s ->
                s.queryLong("SELECT count(*) FROM information_schema.tables WHERE table_name LIKE '\\_\\_stage\\_%'"));
    }

    @Test
    void aStartingNodeDropsTheStagingOfDeadNodesOnlyNeverThatOfALiveOne() {
        PgLake live = open();
        PgLake dying = open();
        Staging kept = live.stage(FIRMS, "run-live", Optional.empty());
        kept.rows("SELECT * FROM (VALUES (1, 'a')) AS v(id, name)");
        Staging orphan = dying.stage(FIRMS, "run-dead", Optional.empty());
        orphan.rows("SELECT * FROM (VALUES (2, 'b')) AS v(id, name)");
        dying.close(); // its process ends without closing its staging: the owner lock goes with its connection
        assertThat(stagingTables(live)).isEqualTo(2);

        PgLake starting = open();
        try {
            assertThat(stagingTables(starting)).isEqualTo(1);
            assertThat(kept.publish(false).published()).isTrue();
            kept.close();
            assertThat(stagingTables(starting)).isZero();
            assertThat(starting.<Long>read(s -> s.queryLong("SELECT count(*) FROM firms")))
                    .isEqualTo(1);
        } finally {
            starting.close();
            live.close();
        }
    }

    @Test
    void aRunningNodeSweepsTheStagingOfANodeThatDiedAfterItStarted() {
        PgLake live = open();
        PgLake dying = open();
        try {
            Staging orphan = dying.stage(FIRMS, "run-dead", Optional.empty());
            orphan.rows("SELECT * FROM (VALUES (2, 'b')) AS v(id, name)");
            dying.close(); // killed: its staging stays, its owner lock goes with its connection
            assertThat(stagingTables(live)).isEqualTo(1);
            live.dropDeadStaging(); // what the sweep does every PgLake.SWEEP
            assertThat(stagingTables(live)).isZero();
        } finally {
            live.close();
        }
    }

    @Test
    void theStatementTimeoutBoundsLakeWorkAndNamesItsSetting() {
        PgLake lake = open(new PgSettings("lake", Optional.of(Duration.ofMillis(200)), "8MB"));
        try {
            assertThatThrownBy(() -> lake.<Long>read(s -> s.queryLong("SELECT count(*) FROM (SELECT pg_sleep(5)) z")))
                    .hasMessageContaining("statement timeout")
                    .hasMessageContaining("sluice.lake.postgres.statement-timeout");
            assertThat(lake.<List<String>>read(s -> s.queryStrings(
                            "SELECT current_setting('work_mem') || ' ' || current_setting('statement_timeout') || ' '"
                                    + " || current_setting('search_path')")))
                    .containsExactly("8MB 200ms lake");
        } finally {
            lake.close();
        }
    }

    @Test
    void aConnectionSharedWithTheStoreGoesBackUnchanged() throws Exception {
        PgConnections shared = PgConnections.pool(url, EmbeddedPg.USER, EmbeddedPg.USER, 1);
        PgLake lake = new PgLake(
                        shared, new PgSettings("lake", Optional.of(Duration.ofSeconds(9)), "9MB"), Clock.systemUTC())
                .open();
        try {
            lake.write("t", s -> s.execute("CREATE TABLE t AS SELECT 1 AS n"));
            Connection c = shared.open();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT current_setting('search_path'), "
                                    + "current_setting('statement_timeout'), current_setting('work_mem'), "
                                    + "pg_catalog.count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("\"$user\", public");
                assertThat(rs.getString(2)).isEqualTo("0");
                assertThat(rs.getString(3)).isEqualTo("4MB");
                assertThat(rs.getLong(4)).isZero();
                assertThat(c.getAutoCommit()).isTrue();
            } finally {
                shared.release(c, true);
            }
        } finally {
            lake.close();
        }
    }
}
