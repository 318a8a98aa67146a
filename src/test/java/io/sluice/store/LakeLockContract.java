package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.cluster.LakeLock;
import io.sluice.cluster.Node;
import io.sluice.cluster.NodeStore;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of the cluster's lake lock ({@link LakeLock}, the {@code 'lake'} row of {@code cluster_lock}): the first
 * lake binds the cluster; another lake is refused whoever holds the lock; the same lake is refused while another live
 * node holds it, and taken after that node's lease ran out, once it is LOST or STOPPED, or by a restart at its place.
 * On H2 (one process) the node that starts always takes it. Run per backend (the rules between nodes in
 * {@code PostgresLakeLockTest}, the one-process rule in {@code H2LakeLockTest}); each test starts from an unbound row.
 */
public abstract class LakeLockContract {

    protected static final Duration LEASE = Duration.ofSeconds(30);

    @Inject
    protected LakeLock lock;

    @Inject
    protected NodeStore nodes;

    @Inject
    protected ActiveStore active;

    @Inject
    DataSource dataSource;

    protected abstract String expectedBackend();

    protected final Instant t0 =
            Instant.parse("2032-01-01T00:00:00Z").plus((long) (Math.random() * 1_000_000), ChronoUnit.SECONDS);

    protected final String lakeA = UUID.randomUUID().toString();
    protected final String lakeB = UUID.randomUUID().toString();

    @BeforeEach
    void unbound() throws SQLException {
        sql("UPDATE cluster_lock SET holder = NULL, lake_id = NULL, lease_until = NULL WHERE name = 'lake'");
    }

    protected void sql(String statement) throws SQLException {
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            s.executeUpdate(statement);
        }
    }

    protected Optional<String> lakeOfNode(String id) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT lake_id FROM node WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return Optional.ofNullable(rs.getString(1));
            }
        }
    }

    protected Node started(String host, String dir, Instant now) {
        Node node = Node.starting(
                UUID.randomUUID().toString(), host + ":" + dir, host, dir, 7, "test", true, 2, now, LEASE);
        nodes.register(node);
        return node;
    }

    protected boolean take(Node node, String lake, Instant now) {
        return lock.take(node, lake, now, now.plus(LEASE));
    }

    @Test
    void runsOnTheExpectedBackend() {
        assertThat(active.backend()).isEqualTo(expectedBackend());
    }

    @Test
    void theFirstLakeBindsTheClusterAndItsNodeRecordsIt() throws SQLException {
        Node a = started("host-a", "/srv/" + UUID.randomUUID(), t0);

        assertThat(take(a, lakeA, t0)).isTrue();

        assertThat(lock.holder())
                .isEqualTo(new LakeLock.Holder(Optional.of(lakeA), Optional.of(a.id()), Optional.of(t0.plus(LEASE))));
        assertThat(lakeOfNode(a.id())).contains(lakeA);
        assertThat(lock.renew(a.id(), t0.plusSeconds(40))).isTrue();
        assertThat(lock.holder().leaseUntil()).contains(t0.plusSeconds(40));
    }

    @Test
    void aReleasedLockKeepsTheLakeBound() {
        Node a = started("host-a", "/srv/" + UUID.randomUUID(), t0);
        assertThat(take(a, lakeA, t0)).isTrue();

        lock.release(a.id());

        assertThat(lock.holder())
                .isEqualTo(new LakeLock.Holder(Optional.of(lakeA), Optional.empty(), Optional.empty()));
        assertThat(lock.renew(a.id(), t0.plusSeconds(40)))
                .as("a node that let go renews nothing")
                .isFalse();
    }

    @Test
    void aSharedLakeBindsAnUnboundClusterAndItsNodeRecordsIt() throws SQLException {
        Node a = started("host-a", "/srv/" + UUID.randomUUID(), t0);

        assertThat(lock.join(a, lakeA)).isTrue();

        assertThat(lock.holder())
                .as("nobody holds a shared lake alone")
                .isEqualTo(new LakeLock.Holder(Optional.of(lakeA), Optional.empty(), Optional.empty()));
        assertThat(lakeOfNode(a.id())).contains(lakeA);
    }
}
