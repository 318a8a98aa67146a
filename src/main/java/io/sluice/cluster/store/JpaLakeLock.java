package io.sluice.cluster.store;

import static io.sluice.cluster.store.JpaNodeStore.instant;
import static io.sluice.cluster.store.JpaNodeStore.time;

import io.sluice.cluster.LakeLock;
import io.sluice.cluster.Node;
import io.sluice.store.SqlDialect;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import org.hibernate.Session;

/** {@link LakeLock} on the {@code 'lake'} row of {@code cluster_lock}, in plain JDBC on the session's connection. */
@ApplicationScoped
public class JpaLakeLock implements LakeLock {

    private static final String TAKE = "UPDATE cluster_lock SET holder = ?, lake_id = ?, lease_until = ? "
            + "WHERE name = 'lake' AND (lake_id IS NULL OR lake_id = ?) AND (holder IS NULL OR lease_until < ? "
            + "OR holder IN (SELECT id FROM node WHERE state IN ('LOST', 'STOPPED') OR (host = ? AND data_dir = ?)))";
    /** One process on H2 (the data directory's lock): it writes the lake that is there. */
    private static final String TAKE_H2 =
            "UPDATE cluster_lock SET holder = ?, lake_id = ?, lease_until = ? WHERE name = 'lake'";

    private static final String JOIN = "UPDATE cluster_lock SET lake_id = ? "
            + "WHERE name = 'lake' AND (lake_id IS NULL OR lake_id = ?) AND holder IS NULL";
    /** One process on H2: its lake, shared or not, is the cluster's. */
    private static final String JOIN_H2 =
            "UPDATE cluster_lock SET lake_id = ?, holder = NULL, lease_until = NULL WHERE name = 'lake'";

    private final Session session;

    JpaLakeLock(Session session) {
        this.session = session;
    }

    @Override
    @Transactional
    public boolean take(Node node, String lakeId, Instant now, Instant leaseUntil) {
        return session.doReturningWork(connection -> {
            boolean h2 = SqlDialect.of(connection) == SqlDialect.H2;
            int taken;
            try (PreparedStatement ps = connection.prepareStatement(h2 ? TAKE_H2 : TAKE)) {
                ps.setString(1, node.id());
                ps.setString(2, lakeId);
                time(ps, 3, leaseUntil);
                if (!h2) {
                    ps.setString(4, lakeId);
                    time(ps, 5, now);
                    ps.setString(6, node.host());
                    ps.setString(7, node.dataDir());
                }
                taken = ps.executeUpdate();
            }
            if (taken == 1) {
                recordLake(connection, node, lakeId);
            }
            return taken == 1;
        });
    }

    @Override
    @Transactional
    public boolean join(Node node, String lakeId) {
        return session.doReturningWork(connection -> {
            boolean h2 = SqlDialect.of(connection) == SqlDialect.H2;
            int joined;
            try (PreparedStatement ps = connection.prepareStatement(h2 ? JOIN_H2 : JOIN)) {
                ps.setString(1, lakeId);
                if (!h2) {
                    ps.setString(2, lakeId);
                }
                joined = ps.executeUpdate();
            }
            if (joined == 1) {
                recordLake(connection, node, lakeId);
            }
            return joined == 1;
        });
    }

    private static void recordLake(Connection connection, Node node, String lakeId) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("UPDATE node SET lake_id = ? WHERE id = ?")) {
            ps.setString(1, lakeId);
            ps.setString(2, node.id());
            ps.executeUpdate();
        }
    }

    @Override
    @Transactional
    public boolean renew(String nodeId, Instant leaseUntil) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement(
                    "UPDATE cluster_lock SET lease_until = ? WHERE name = 'lake' AND holder = ?")) {
                time(ps, 1, leaseUntil);
                ps.setString(2, nodeId);
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    @Transactional
    public void release(String nodeId) {
        session.doWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement(
                    "UPDATE cluster_lock SET holder = NULL, lease_until = NULL WHERE name = 'lake' AND holder = ?")) {
                ps.setString(1, nodeId);
                ps.executeUpdate();
            }
        });
    }

    @Override
    @Transactional
    public Holder holder() {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement(
                            "SELECT lake_id, holder, lease_until FROM cluster_lock WHERE name = 'lake'");
                    ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("the metadata store has no lake lock row (migration V29_3)");
                }
                return new Holder(
                        Optional.ofNullable(rs.getString(1)),
                        Optional.ofNullable(rs.getString(2)),
                        Optional.ofNullable(instant(rs, 3)));
            }
        });
    }
}
