package io.sluice.alerts.store;

import io.sluice.alerts.AlertCause;
import io.sluice.alerts.AlertPlanner;
import io.sluice.alerts.Notification;
import io.sluice.alerts.Throttle;
import io.sluice.alerts.watch.AlertStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.Session;

/** {@link AlertStore} in plain JDBC on the session's connection; the same statements run on H2 and PostgreSQL. */
@ApplicationScoped
public class JdbcAlertStore implements AlertStore {

    private static final String OUTBOX_COLUMNS = "id, channel, rule_name, cause, scope, kind, subject, detail, "
            + "suppressed, incident_at, status, attempts, created_at, sent_at, last_error";

    private final Session session;

    JdbcAlertStore(Session session) {
        this.session = session;
    }

    @Override
    public boolean lockRound() {
        return session.doReturningWork(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                            "SELECT name FROM cluster_lock WHERE name = 'alerts' FOR UPDATE SKIP LOCKED");
                    ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        });
    }

    @Override
    public Optional<Instant> scannedTo() {
        return session.doReturningWork(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT scanned_to FROM alert_cursor WHERE name = 'round'");
                    ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(at(rs, 1)) : Optional.<Instant>empty();
            }
        });
    }

    @Override
    public void scanned(Instant to) {
        session.doWork(c -> {
            if (update(c, "UPDATE alert_cursor SET scanned_to = ? WHERE name = 'round'", ts(to)) == 0) {
                update(c, "INSERT INTO alert_cursor (name, scanned_to) VALUES ('round', ?)", ts(to));
            }
        });
    }

    @Override
    public boolean firstSeen(String key, Instant at) {
        return session.doReturningWork(c -> update(
                        c,
                        "INSERT INTO alert_seen (incident_key, seen_at) SELECT ?, ? FROM (VALUES (0)) AS one (x) "
                                + "WHERE NOT EXISTS (SELECT 1 FROM alert_seen WHERE incident_key = ?)",
                        key,
                        ts(at),
                        key)
                == 1);
    }

    @Override
    public void forgetSeen(Instant before, Instant longBefore) {
        session.doWork(c -> update(
                c,
                "DELETE FROM alert_seen WHERE (seen_at < ? AND incident_key NOT LIKE 'fresh|%') OR seen_at < ?",
                ts(before),
                ts(longBefore)));
    }

    @Override
    public Throttle.State state(AlertPlanner.Key key) {
        return session.doReturningWork(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT is_open, last_sent, suppressed, latest "
                    + "FROM alert_state WHERE rule_name = ? AND scope = ? AND cause = ?")) {
                bind(ps, key.rule(), key.scope(), key.cause().name());
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Throttle.State.NONE;
                    }
                    return new Throttle.State(rs.getBoolean(1), optionalAt(rs, 2), rs.getLong(3), optionalAt(rs, 4));
                }
            }
        });
    }

    @Override
    public void save(AlertPlanner.Key key, Throttle.State s) {
        session.doWork(c -> {
            Object[] values = {
                s.open(),
                s.lastSent().map(JdbcAlertStore::ts).orElse(null),
                s.suppressed(),
                s.latest().map(JdbcAlertStore::ts).orElse(null),
                key.rule(),
                key.scope(),
                key.cause().name()
            };
            if (update(
                            c,
                            "UPDATE alert_state SET is_open = ?, last_sent = ?, suppressed = ?, latest = ? "
                                    + "WHERE rule_name = ? AND scope = ? AND cause = ?",
                            values)
                    == 0) {
                update(
                        c,
                        "INSERT INTO alert_state (is_open, last_sent, suppressed, latest, rule_name, scope, cause) "
                                + "VALUES (?, ?, ?, ?, ?, ?, ?)",
                        values);
            }
        });
    }

    @Override
    @Transactional
    public void enqueue(String channel, Notification n, Instant now) {
        session.doWork(c -> update(
                c,
                "INSERT INTO alert_outbox (rule_name, channel, cause, scope, kind, subject, detail, suppressed, "
                        + "incident_at, created_at, status, attempts, next_attempt_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?)",
                n.rule(),
                channel,
                n.cause().name(),
                clip(n.asset(), 400),
                n.kind().name(),
                clip(n.subject(), 1000),
                clip(n.detail(), 4000),
                n.suppressed(),
                ts(n.at()),
                ts(now),
                ts(now)));
    }

    @Override
    @Transactional
    public List<Stored> claimDue(String node, Instant now, Instant until, int max) {
        return session.doReturningWork(c -> {
            List<Long> due = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM alert_outbox WHERE status = 'PENDING' "
                    + "AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY id "
                    + "FETCH FIRST ? ROWS ONLY FOR UPDATE SKIP LOCKED")) {
                bind(ps, ts(now), ts(now), max); // rows another node is claiming are skipped, not waited for
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        due.add(rs.getLong(1));
                    }
                }
            }
            List<Stored> claimed = new ArrayList<>();
            for (long id : due) {
                if (update(
                                c,
                                "UPDATE alert_outbox SET claimed_by = ?, claimed_until = ? WHERE id = ? "
                                        + "AND status = 'PENDING' AND (claimed_until IS NULL OR claimed_until < ?)",
                                node,
                                ts(until),
                                id,
                                ts(now))
                        == 1) {
                    claimed.addAll(select(c, " WHERE id = ?", List.of(id), 1));
                }
            }
            return claimed;
        });
    }

    @Override
    @Transactional
    public void attempted(long id, String node, Instant now, boolean sent, Optional<Instant> retryAt, String error) {
        session.doWork(c -> {
            String status = sent ? "SENT" : retryAt.isPresent() ? "PENDING" : "FAILED";
            update(
                    c,
                    "UPDATE alert_outbox SET status = ?, attempts = attempts + 1, next_attempt_at = ?, "
                            + "claimed_by = NULL, claimed_until = NULL, last_error = ?, sent_at = ? "
                            + "WHERE id = ? AND claimed_by = ?",
                    status,
                    ts(retryAt.orElse(now)),
                    error == null ? null : clip(error, 1000),
                    sent ? ts(now) : null,
                    id,
                    node);
        });
    }

    @Override
    @Transactional
    public List<Stored> recent(int limit, Optional<Long> beforeId, Optional<String> status, Optional<String> rule) {
        return session.doReturningWork(c -> {
            StringBuilder where = new StringBuilder(" WHERE 1 = 1");
            List<Object> values = new ArrayList<>();
            beforeId.ifPresent(id -> {
                where.append(" AND id < ?");
                values.add(id);
            });
            status.ifPresent(s -> {
                where.append(" AND status = ?");
                values.add(s);
            });
            rule.ifPresent(r -> {
                where.append(" AND rule_name = ?");
                values.add(r);
            });
            return select(c, where + " ORDER BY id DESC", values, limit);
        });
    }

    @Override
    @Transactional
    public Map<String, Long> counts() {
        return session.doReturningWork(c -> {
            Map<String, Long> counts = new LinkedHashMap<>(Map.of("PENDING", 0L, "SENT", 0L, "FAILED", 0L));
            try (PreparedStatement ps =
                            c.prepareStatement("SELECT status, COUNT(*) FROM alert_outbox GROUP BY status");
                    ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    counts.put(rs.getString(1), rs.getLong(2));
                }
            }
            return counts;
        });
    }

    @Override
    @Transactional
    public Map<String, RuleEdit> edits() {
        return session.doReturningWork(c -> {
            Map<String, RuleEdit> edits = new LinkedHashMap<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT name, enabled, assets, asset_groups, channels, "
                            + "window_secs, updated_by, updated_at, causes FROM alert_rule_edit");
                    ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    boolean enabled = rs.getBoolean(2);
                    Optional<Boolean> on = rs.wasNull() ? Optional.empty() : Optional.of(enabled);
                    long secs = rs.getLong(6);
                    Optional<Duration> window = rs.wasNull() ? Optional.empty() : Optional.of(Duration.ofSeconds(secs));
                    edits.put(
                            rs.getString(1),
                            new RuleEdit(
                                    rs.getString(1),
                                    on,
                                    list(rs.getString(9)).map(JdbcAlertStore::causes),
                                    list(rs.getString(3)),
                                    list(rs.getString(4)),
                                    list(rs.getString(5)),
                                    window,
                                    rs.getString(7),
                                    at(rs, 8)));
                }
            }
            return edits;
        });
    }

    @Override
    @Transactional
    public void saveEdit(RuleEdit e) {
        session.doWork(c -> {
            Object[] values = {
                e.enabled().orElse(null),
                e.causes()
                        .map(cs -> String.join(
                                ",", cs.stream().map(Enum::name).sorted().toList()))
                        .orElse(null),
                e.assets().map(l -> String.join(",", l)).orElse(null),
                e.groups().map(l -> String.join(",", l)).orElse(null),
                e.channels().map(l -> String.join(",", l)).orElse(null),
                e.window().map(Duration::toSeconds).orElse(null),
                e.by(),
                ts(e.at()),
                e.rule()
            };
            if (update(
                            c,
                            "UPDATE alert_rule_edit SET enabled = ?, causes = ?, assets = ?, asset_groups = ?, channels = ?, "
                                    + "window_secs = ?, updated_by = ?, updated_at = ? WHERE name = ?",
                            values)
                    == 0) {
                update(
                        c,
                        "INSERT INTO alert_rule_edit (enabled, causes, assets, asset_groups, channels, "
                                + "window_secs, updated_by, updated_at, name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        values);
            }
        });
    }

    @Override
    @Transactional
    public void removeEdit(String rule) {
        session.doWork(c -> update(c, "DELETE FROM alert_rule_edit WHERE name = ?", rule));
    }

    private static List<Stored> select(Connection c, String where, List<Object> values, int limit) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + OUTBOX_COLUMNS + " FROM alert_outbox" + where)) {
            bind(ps, values.toArray());
            ps.setMaxRows(limit);
            List<Stored> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Notification n = new Notification(
                            rs.getString(3),
                            AlertCause.valueOf(rs.getString(4)),
                            rs.getString(5),
                            Throttle.Kind.valueOf(rs.getString(6)),
                            rs.getString(7),
                            rs.getString(8),
                            rs.getLong(9),
                            at(rs, 10));
                    rows.add(new Stored(
                            rs.getLong(1),
                            rs.getString(2),
                            n,
                            rs.getString(11),
                            rs.getInt(12),
                            at(rs, 13),
                            optionalAt(rs, 14),
                            Optional.ofNullable(rs.getString(15))));
                }
            }
            return rows;
        }
    }

    private static java.util.Set<AlertCause> causes(List<String> names) {
        java.util.Set<AlertCause> out = java.util.EnumSet.noneOf(AlertCause.class);
        names.forEach(n -> out.add(AlertCause.valueOf(n)));
        return out;
    }

    private static Optional<List<String>> list(String stored) {
        if (stored == null) {
            return Optional.empty();
        }
        return Optional.of(
                stored.isEmpty() ? List.of() : Arrays.stream(stored.split(",")).toList());
    }

    private static int update(Connection c, String sql, Object... values) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            bind(ps, values);
            return ps.executeUpdate();
        }
    }

    private static void bind(PreparedStatement ps, Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            if (v == null) {
                ps.setNull(i + 1, Types.NULL); // untyped: PostgreSQL takes the column's type
            } else {
                ps.setObject(i + 1, v);
            }
        }
    }

    private static OffsetDateTime ts(Instant at) {
        return at.atOffset(ZoneOffset.UTC);
    }

    private static Instant at(ResultSet rs, int column) throws SQLException {
        return rs.getObject(column, OffsetDateTime.class).toInstant();
    }

    private static Optional<Instant> optionalAt(ResultSet rs, int column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? Optional.empty() : Optional.of(t.toInstant());
    }

    private static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
