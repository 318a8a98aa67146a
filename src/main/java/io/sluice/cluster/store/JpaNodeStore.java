package io.sluice.cluster.store;

import io.sluice.cluster.Node;
import io.sluice.cluster.NodeState;
import io.sluice.cluster.NodeStore;
import io.sluice.store.SqlDialect;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.hibernate.Session;

/** {@link NodeStore} in plain JDBC on the session's connection; the same statements run on H2 and PostgreSQL. */
@ApplicationScoped
public class JpaNodeStore implements NodeStore {

    static final String COLUMNS = "id, name, host, data_dir, pid, version, executes, serves, lake_id, workers, url, "
            + "state, started_at, heartbeat_at, lease_until, ended_at, ended_by, end_reason";

    private final Session session;

    JpaNodeStore(Session session) {
        this.session = session;
    }

    @Override
    @Transactional
    public Set<String> register(Node node) {
        return session.doReturningWork(connection -> {
            boolean h2 = SqlDialect.of(connection) == SqlDialect.H2;
            try (PreparedStatement ps = connection.prepareStatement("INSERT INTO node (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, node.id());
                ps.setString(2, node.name());
                ps.setString(3, node.host());
                ps.setString(4, node.dataDir());
                ps.setLong(5, node.pid());
                ps.setString(6, node.version());
                ps.setBoolean(7, node.executes());
                ps.setBoolean(8, node.serves());
                text(ps, 9, node.lakeId());
                ps.setInt(10, node.workers());
                text(ps, 11, node.url());
                ps.setString(12, node.state().name());
                time(ps, 13, node.startedAt());
                time(ps, 14, node.heartbeatAt());
                time(ps, 15, node.leaseUntil());
                time(ps, 16, node.endedAt());
                text(ps, 17, node.endedBy());
                text(ps, 18, node.endReason());
                ps.executeUpdate();
            }
            String place = h2 ? "id <> ?" : "host = ? AND data_dir = ? AND id <> ?";
            Set<String> earlier = new LinkedHashSet<>();
            try (PreparedStatement ps = connection.prepareStatement("SELECT id FROM node WHERE " + place)) {
                place(ps, 1, node, h2);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        earlier.add(rs.getString(1));
                    }
                }
            }
            try (PreparedStatement ps = connection.prepareStatement(
                    "UPDATE node SET state = 'LOST', ended_at = ?, ended_by = ?, end_reason = 'restarted' WHERE "
                            + place + " AND state IN ('RUNNING', 'DRAINING')")) {
                time(ps, 1, node.startedAt());
                ps.setString(2, node.id());
                place(ps, 3, node, h2);
                ps.executeUpdate();
            }
            return earlier;
        });
    }

    private static void place(PreparedStatement ps, int from, Node node, boolean h2) throws SQLException {
        if (h2) {
            ps.setString(from, node.id());
        } else {
            ps.setString(from, node.host());
            ps.setString(from + 1, node.dataDir());
            ps.setString(from + 2, node.id());
        }
    }

    @Override
    @Transactional
    public int prune(Instant endedBefore) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement("DELETE FROM node WHERE state IN ('STOPPED', "
                    + "'LOST') AND ended_at < ? AND NOT EXISTS (SELECT 1 FROM run r WHERE "
                    + "r.owner_node = node.id AND r.status = 'STARTED')")) {
                time(ps, 1, endedBefore);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    @Transactional
    public boolean renew(String id, Instant now, Instant leaseUntil) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement(
                    "UPDATE node SET heartbeat_at = ?, lease_until = ? WHERE id = ? AND state IN ('RUNNING', 'DRAINING')")) {
                time(ps, 1, now);
                time(ps, 2, leaseUntil);
                ps.setString(3, id);
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    @Transactional
    public List<Node> declareLost(String me, Instant now, Function<Node, String> why) {
        return session.doReturningWork(connection -> {
            List<Node> expired = new ArrayList<>();
            try (PreparedStatement ps = connection.prepareStatement("SELECT " + COLUMNS + " FROM node "
                    + "WHERE state IN ('RUNNING', 'DRAINING') AND lease_until < ? AND id <> ? ORDER BY id "
                    + "FOR UPDATE SKIP LOCKED")) {
                time(ps, 1, now);
                ps.setString(2, me);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        expired.add(node(rs));
                    }
                }
            }
            List<Node> lost = new ArrayList<>();
            try (PreparedStatement ps = connection.prepareStatement(
                    "UPDATE node SET state = 'LOST', ended_at = ?, ended_by = ?, end_reason = ? "
                            + "WHERE id = ? AND state IN ('RUNNING', 'DRAINING') AND lease_until < ?")) {
                for (Node n : expired) {
                    String reason = why.apply(n);
                    time(ps, 1, now);
                    ps.setString(2, me);
                    ps.setString(3, reason.length() > 400 ? reason.substring(0, 400) : reason);
                    ps.setString(4, n.id());
                    time(ps, 5, now);
                    if (ps.executeUpdate() == 1) {
                        lost.add(n);
                    }
                }
            }
            return lost;
        });
    }

    @Override
    @Transactional
    public List<Node> endedWithStartedRuns() {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement(
                    "SELECT " + COLUMNS + " FROM node n "
                            + "WHERE n.state IN ('LOST', 'STOPPED') "
                            + "AND EXISTS (SELECT 1 FROM run r WHERE r.owner_node = n.id AND r.status = 'STARTED') ORDER BY n.id")) {
                List<Node> nodes = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        nodes.add(node(rs));
                    }
                }
                return nodes;
            }
        });
    }

    @Override
    @Transactional
    public Map<String, Long> runsStarted() {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement("SELECT owner_node, COUNT(*) FROM run "
                            + "WHERE status = 'STARTED' AND owner_node IS NOT NULL GROUP BY owner_node");
                    ResultSet rs = ps.executeQuery()) {
                Map<String, Long> counts = new HashMap<>();
                while (rs.next()) {
                    counts.put(rs.getString(1), rs.getLong(2));
                }
                return counts;
            }
        });
    }

    @Override
    @Transactional
    public Optional<Node> find(String id) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement("SELECT " + COLUMNS + " FROM node WHERE id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(node(rs)) : Optional.<Node>empty();
                }
            }
        });
    }

    @Override
    @Transactional
    public List<Node> list(Instant endedSince) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement("SELECT " + COLUMNS + " FROM node "
                    + "WHERE state IN ('RUNNING', 'DRAINING') OR ended_at >= ? "
                    + "ORDER BY CASE WHEN state IN ('RUNNING', 'DRAINING') THEN 0 ELSE 1 END, started_at DESC, id")) {
                time(ps, 1, endedSince);
                List<Node> nodes = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        nodes.add(node(rs));
                    }
                }
                return nodes;
            }
        });
    }

    @Override
    @Transactional
    public boolean transition(String id, NodeState from, NodeState to) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps =
                    connection.prepareStatement("UPDATE node SET state = ? WHERE id = ? AND state = ?")) {
                ps.setString(1, to.name());
                ps.setString(2, id);
                ps.setString(3, from.name());
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    @Transactional
    public boolean stop(String id, Instant now, String reason) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement("UPDATE node SET state = 'STOPPED', ended_at = ?, "
                    + "ended_by = ?, end_reason = ? WHERE id = ? AND state IN ('RUNNING', 'DRAINING')")) {
                time(ps, 1, now);
                ps.setString(2, id);
                ps.setString(3, reason);
                ps.setString(4, id);
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    @Transactional
    public Instant databaseNow() {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement("SELECT CURRENT_TIMESTAMP");
                    ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getObject(1, OffsetDateTime.class).toInstant();
            }
        });
    }

    static Node node(ResultSet rs) throws SQLException {
        return new Node(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getLong(5),
                rs.getString(6),
                rs.getBoolean(7),
                rs.getBoolean(8),
                rs.getString(9),
                rs.getInt(10),
                rs.getString(11),
                NodeState.valueOf(rs.getString(12)),
                instant(rs, 13),
                instant(rs, 14),
                instant(rs, 15),
                instant(rs, 16),
                rs.getString(17),
                rs.getString(18));
    }

    static Instant instant(ResultSet rs, int column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    static void time(PreparedStatement ps, int index, Instant instant) throws SQLException {
        if (instant == null) {
            ps.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
        } else {
            ps.setObject(index, instant.atOffset(ZoneOffset.UTC));
        }
    }

    static void text(PreparedStatement ps, int index, String value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.VARCHAR);
        } else {
            ps.setString(index, value);
        }
    }
}
