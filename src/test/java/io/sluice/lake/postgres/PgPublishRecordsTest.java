package io.sluice.lake.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.Publication;
import io.sluice.lake.PublishRecords;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import io.sluice.testing.EmbeddedPg;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A lake in the metadata store's database stores the run's records in the publish's own transaction: both commit, or
 * neither does; a lake on connections of its own never does.
 */
@Timeout(120)
class PgPublishRecordsTest {

    private static final TableSpec FIRMS = new TableSpec("firms", WriteMode.upsert("id"), List.of());

    private final String url = EmbeddedPg.freshDatabase("publish_records");
    private PgLake lake;

    @BeforeEach
    void storeTable() throws Exception {
        try (Connection c = DriverManager.getConnection(url, EmbeddedPg.USER, EmbeddedPg.USER);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE public.materialized (run_id TEXT NOT NULL, rows_inserted BIGINT NOT NULL)");
        }
    }

    @AfterEach
    void close() {
        if (lake != null) {
            lake.close();
        }
    }

    private PgLake onStoreConnections() {
        PGSimpleDataSource store = new PGSimpleDataSource();
        store.setUrl(url);
        store.setUser(EmbeddedPg.USER);
        store.setPassword(EmbeddedPg.USER);
        return new PgLake(PgConnections.of(store), PgSettings.of("lake"), Clock.systemUTC()).open();
    }

    /** Inserts into the store's table by its unqualified name: the store's search path is in effect. */
    private static PublishRecords recording(String runId) {
        return (publication, connection) -> {
            try (PreparedStatement p =
                    connection.prepareStatement("INSERT INTO materialized (run_id, rows_inserted) VALUES (?, ?)")) {
                p.setString(1, runId);
                p.setLong(2, publication.rowsInserted());
                p.executeUpdate();
            }
        };
    }

    private Publication publish(String runId, String rows, PublishRecords records) {
        try (Staging staging = lake.stage(FIRMS, runId, Optional.empty())) {
            staging.rows(rows);
            return staging.publish(false, null, records);
        }
    }

    private long stored(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(url, EmbeddedPg.USER, EmbeddedPg.USER);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void thePublishAndItsRecordsCommitTogether() throws Exception {
        lake = onStoreConnections();
        assertThat(lake.sharesStore()).isTrue();

        Publication published =
                publish("run-1", "SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v(id, name)", recording("run-1"));

        assertThat(published.published()).isTrue();
        assertThat(stored("SELECT rows_inserted FROM public.materialized WHERE run_id = 'run-1'"))
                .isEqualTo(2);
        assertThat(stored("SELECT count(*) FROM lake.firms")).isEqualTo(2);
        // the lake's own work still finds its tables: the search path is the lake's again after the records
        assertThat(lake.<Long>read(s -> s.queryLong("SELECT count(*) FROM firms")))
                .isEqualTo(2);
    }

    @Test
    void recordsThatCannotBeStoredRollThePublishBack() throws Exception {
        lake = onStoreConnections();
        publish("run-1", "SELECT * FROM (VALUES (1, 'a')) AS v(id, name)", recording("run-1"));

        PublishRecords refused = (publication, connection) -> {
            recording("run-2").store(publication, connection);
            throw new IllegalStateException("run run-2 is no longer this node's");
        };
        assertThatThrownBy(() -> publish("run-2", "SELECT * FROM (VALUES (1, 'z'), (3, 'c')) AS v(id, name)", refused))
                .hasMessageContaining("no longer this node's");

        assertThat(stored("SELECT count(*) FROM public.materialized")).isEqualTo(1);
        assertThat(stored("SELECT count(*) FROM lake.firms")).isEqualTo(1);
        assertThat(stored("SELECT count(*) FROM lake.firms WHERE name = 'a'")).isEqualTo(1);
        assertThat(lake.writesOf("run-2")).isEmpty();
    }

    @Test
    void aLakeOnConnectionsOfItsOwnLeavesTheRecordsToTheCaller() throws Exception {
        lake = new PgLake(
                        PgConnections.pool(url, EmbeddedPg.USER, EmbeddedPg.USER, 2),
                        PgSettings.of("lake"),
                        Clock.systemUTC())
                .open();
        assertThat(lake.sharesStore()).isFalse();

        Publication published = publish("run-1", "SELECT * FROM (VALUES (1, 'a')) AS v(id, name)", (p, c) -> {
            throw new IllegalStateException("never called");
        });

        assertThat(published.published()).isTrue();
        assertThat(stored("SELECT count(*) FROM public.materialized")).isZero();
    }
}
