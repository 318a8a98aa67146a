package io.sluice.alerts.store;

import io.sluice.alerts.AlertCause;
import io.sluice.alerts.AlertPlanner.Observed;
import io.sluice.alerts.AlertRule;
import io.sluice.alerts.Incident;
import io.sluice.alerts.watch.AlertSources;
import io.sluice.catalog.AssetKey;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.hibernate.Session;

/**
 * {@link AlertSources} in plain JDBC on the session's connection, the same statements on H2 and PostgreSQL. Failures are
 * read one by one (each is an incident); successes are read as the latest per asset (or check, or automation), which is
 * all a clearing needs, so a backfill of thousands of partitions costs a few grouped rows.
 */
@ApplicationScoped
public class JdbcAlertSources implements AlertSources {

    private static final int MAX_TEXT = 500;

    private final Session session;

    JdbcAlertSources(Session session) {
        this.session = session;
    }

    @Override
    public List<Observed> read(Instant from, Instant to, Set<String> rowCountChecks, Collection<AlertRule> longRuns) {
        return session.doReturningWork(c -> {
            List<Observed> out = new ArrayList<>();
            runs(c, from, to, out);
            backfills(c, from, to, out);
            checks(c, from, to, rowCountChecks, out);
            freshness(c, out);
            ticks(c, from, to, out);
            nodesLost(c, from, to, out);
            for (AlertRule rule : longRuns) {
                rule.maxDuration().ifPresent(max -> longRuns(c, rule.name(), max, to, out));
            }
            return out;
        });
    }

    private static void runs(Connection c, Instant from, Instant to, List<Observed> out) throws SQLException {
        query(
                c,
                "SELECT run_id, asset_key, ended_at, error FROM run_step WHERE status = 'FAILURE' "
                        + "AND ended_at > ? AND ended_at <= ?",
                from,
                to,
                rs -> {
                    String run = rs.getString(1);
                    String asset = rs.getString(2);
                    out.add(Observed.any(Incident.firing(
                            AlertCause.RUN_FAILED,
                            asset(asset),
                            "run " + run,
                            "Run " + run + " of " + asset + " failed: " + firstLine(rs.getString(4)),
                            at(rs, 3),
                            "run-failed|" + run + "|" + asset)));
                });
        query(
                c,
                "SELECT asset_key, MAX(ended_at) FROM run_step WHERE status IN ('SUCCESS', 'FAILURE', 'CANCELED') "
                        + "AND ended_at > ? AND ended_at <= ? GROUP BY asset_key",
                from,
                to,
                rs -> {
                    String asset = rs.getString(1);
                    out.add(Observed.any(Incident.clearing(
                            AlertCause.RUN_TOO_LONG,
                            asset(asset),
                            "runs of " + asset,
                            "The long run of " + asset + " ended.",
                            at(rs, 2),
                            "")));
                });
        query(
                c,
                "SELECT asset_key, MAX(ended_at) FROM run_step WHERE status = 'SUCCESS' "
                        + "AND ended_at > ? AND ended_at <= ? GROUP BY asset_key",
                from,
                to,
                rs -> {
                    String asset = rs.getString(1);
                    out.add(Observed.any(Incident.clearing(
                            AlertCause.RUN_FAILED,
                            asset(asset),
                            "runs of " + asset,
                            "A run of " + asset + " succeeded again.",
                            at(rs, 2),
                            "")));
                });
    }

    private static void backfills(Connection c, Instant from, Instant to, List<Observed> out) throws SQLException {
        query(
                c,
                "SELECT id, assets, status, ended_at, partition_count FROM backfill WHERE ended_at > ? "
                        + "AND ended_at <= ?",
                from,
                to,
                rs -> {
                    String id = rs.getString(1);
                    String status = rs.getString(3);
                    Instant at = at(rs, 4);
                    long partitions = rs.getLong(5);
                    for (String asset : rs.getString(2).split(",")) {
                        if (asset.isBlank()) {
                            continue;
                        }
                        if ("COMPLETED".equals(status)) {
                            out.add(Observed.any(Incident.firing(
                                    AlertCause.BACKFILL_FINISHED,
                                    asset(asset),
                                    "backfill " + id,
                                    "Backfill " + id + " of " + partitions + " partitions completed.",
                                    at,
                                    "backfill|" + id + "|" + asset)));
                            out.add(Observed.any(Incident.clearing(
                                    AlertCause.BACKFILL_FAILED,
                                    asset(asset),
                                    "backfill " + id,
                                    "Backfill " + id + " of " + asset + " completed.",
                                    at,
                                    "")));
                        } else {
                            out.add(Observed.any(Incident.firing(
                                    AlertCause.BACKFILL_FAILED,
                                    asset(asset),
                                    "backfill " + id,
                                    "Backfill " + id + " of " + partitions + " partitions ended "
                                            + ("CANCELED".equals(status) ? "canceled" : "with failed partitions") + ".",
                                    at,
                                    "backfill|" + id + "|" + asset)));
                        }
                    }
                });
    }

    /** The failed checks, one by one; per asset and kind a clearing once every check that failed passed since. */
    private static void checks(Connection c, Instant from, Instant to, Set<String> rowCount, List<Observed> out)
            throws SQLException {
        Map<String, Instant> latestFailure = new HashMap<>(); // asset|kind|check -> latest failure
        query(
                c,
                "SELECT id, run_id, asset_key, partition_key, check_name, severity, message, ts FROM check_result "
                        + "WHERE passed = FALSE AND ts > ? AND ts <= ?",
                from,
                to,
                rs -> {
                    String asset = rs.getString(3);
                    String check = rs.getString(5);
                    AlertCause cause = cause(rowCount, asset, check, rs.getString(6));
                    String partition = rs.getString(4);
                    Instant at = at(rs, 8);
                    latestFailure.merge(asset + "|" + cause + "|" + check, at, (a, b) -> a.isAfter(b) ? a : b);
                    out.add(Observed.any(Incident.firing(
                            cause,
                            asset(asset),
                            "check " + check,
                            "Check " + check + " of " + asset + (partition.isEmpty() ? "" : " partition " + partition)
                                    + " failed in run " + rs.getString(2) + ": " + firstLine(rs.getString(7)),
                            at,
                            "check|" + rs.getLong(1))));
                });
        Map<String, Instant> latestPass = new HashMap<>(); // asset|kind|check -> latest pass
        query(
                c,
                "SELECT asset_key, check_name, severity, MAX(ts) FROM check_result WHERE passed = TRUE AND ts > ? "
                        + "AND ts <= ? GROUP BY asset_key, check_name, severity",
                from,
                to,
                rs -> {
                    String asset = rs.getString(1);
                    latestPass.put(
                            asset + "|" + cause(rowCount, asset, rs.getString(2), rs.getString(3)) + "|"
                                    + rs.getString(2),
                            at(rs, 4));
                });
        Map<String, Instant> clearAt = new HashMap<>(); // asset|kind -> latest pass, if every failure passed since
        latestPass.forEach((k, pass) -> {
            String assetKind = k.substring(0, k.lastIndexOf('|'));
            clearAt.merge(assetKind, pass, (a, b) -> a.isAfter(b) ? a : b);
        });
        latestFailure.forEach((k, failure) -> {
            Instant pass = latestPass.get(k);
            if (pass == null || !pass.isAfter(failure)) {
                clearAt.remove(k.substring(0, k.lastIndexOf('|')));
            }
        });
        clearAt.forEach((assetKind, at) -> {
            String asset = assetKind.substring(0, assetKind.lastIndexOf('|'));
            AlertCause cause = AlertCause.valueOf(assetKind.substring(assetKind.lastIndexOf('|') + 1));
            out.add(Observed.any(Incident.clearing(
                    cause, asset(asset), "checks of " + asset, "The checks of " + asset + " pass again.", at, "")));
        });
    }

    private static AlertCause cause(Set<String> rowCount, String asset, String check, String severity) {
        if (rowCount.contains(asset + "|" + check)) {
            return AlertCause.ROW_COUNT_ANOMALY;
        }
        return "ERROR".equals(severity) ? AlertCause.BLOCKING_CHECK_FAILED : AlertCause.WARNING_CHECK_FAILED;
    }

    /**
     * Freshness is a state, not a window: every stale row (its transition's key), and each asset fresh again, each at
     * the moment its transition was recorded, so that the days found late by one evaluation are one incident and the
     * rest suppressed, not one notification per day (the deadline stays in the sentence).
     */
    private static void freshness(Connection c, List<Observed> out) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT asset_key, partition_key, state, changed_at, detail, since FROM freshness_state "
                        + "WHERE state <> 'WARNING'")) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String asset = rs.getString(1);
                    String partition = rs.getString(2);
                    Instant changed = at(rs, 4);
                    Instant since = at(rs, 6);
                    String what = partition.isEmpty() ? asset : asset + " partition " + partition;
                    if ("STALE".equals(rs.getString(3))) {
                        out.add(Observed.any(Incident.firing(
                                AlertCause.FRESHNESS_VIOLATED,
                                asset(asset),
                                what,
                                what + " is late: " + firstLine(rs.getString(5)),
                                changed,
                                "fresh|" + asset + "|" + partition + "|" + since)));
                    } else if (partition.isEmpty()) {
                        out.add(Observed.any(Incident.clearing(
                                AlertCause.FRESHNESS_VIOLATED,
                                asset(asset),
                                what,
                                asset + " is fresh again.",
                                changed,
                                "")));
                    }
                }
            }
        }
    }

    private static void ticks(Connection c, Instant from, Instant to, List<Observed> out) throws SQLException {
        query(
                c,
                "SELECT id, kind, name, evaluated_at, detail FROM automation_tick WHERE outcome = 'FAILED' "
                        + "AND evaluated_at > ? AND evaluated_at <= ?",
                from,
                to,
                rs -> {
                    String what = rs.getString(2).toLowerCase(java.util.Locale.ROOT) + " " + rs.getString(3);
                    out.add(Observed.any(Incident.firing(
                            AlertCause.TICK_FAILED,
                            Optional.empty(),
                            what,
                            "A tick of " + what + " failed: " + firstLine(rs.getString(5)),
                            at(rs, 4),
                            "tick|" + rs.getLong(1))));
                });
        query(
                c,
                "SELECT kind, name, MAX(evaluated_at) FROM automation_tick WHERE outcome <> 'FAILED' "
                        + "AND evaluated_at > ? AND evaluated_at <= ? GROUP BY kind, name",
                from,
                to,
                rs -> {
                    String what = rs.getString(1).toLowerCase(java.util.Locale.ROOT) + " " + rs.getString(2);
                    out.add(Observed.any(Incident.clearing(
                            AlertCause.TICK_FAILED,
                            Optional.empty(),
                            what,
                            "The ticks of " + what + " succeed again.",
                            at(rs, 3),
                            "")));
                });
    }

    private static void nodesLost(Connection c, Instant from, Instant to, List<Observed> out) throws SQLException {
        query(
                c,
                "SELECT id, ts, reason FROM audit_event WHERE action = 'NODE_LOST' AND ts > ? AND ts <= ?",
                from,
                to,
                rs -> {
                    String reason = firstLine(rs.getString(3));
                    out.add(Observed.any(Incident.firing(
                            AlertCause.NODE_LOST,
                            Optional.empty(),
                            "node " + nodeName(reason),
                            reason,
                            at(rs, 2),
                            "node-lost|" + rs.getLong(1))));
                });
    }

    /** The node's name from the lease watch's sentence ("Node n2 (host, pid 12) stopped ..."), or the sentence. */
    static String nodeName(String reason) {
        String[] words = reason.split(" ");
        return words.length > 1 && words[0].equalsIgnoreCase("node") ? words[1] : "(see the detail)";
    }

    private static void longRuns(Connection c, String rule, java.time.Duration max, Instant now, List<Observed> out) {
        try {
            query(
                    c,
                    "SELECT r.id, s.asset_key, r.started_at FROM run r JOIN run_step s ON s.run_id = r.id "
                            + "WHERE r.status = 'STARTED' AND r.started_at <= ? AND r.started_at > ?",
                    now.minus(max),
                    now.minus(java.time.Duration.ofDays(30)),
                    rs -> {
                        String run = rs.getString(1);
                        String asset = rs.getString(2);
                        out.add(new Observed(
                                Incident.firing(
                                        AlertCause.RUN_TOO_LONG,
                                        asset(asset),
                                        "run " + run,
                                        "Run " + run + " of " + asset + " has run longer than " + max.toMinutes()
                                                + " minutes (started " + at(rs, 3) + ").",
                                        at(rs, 3).plus(max),
                                        "long|" + rule + "|" + run + "|" + asset),
                                Optional.of(rule)));
                    });
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private interface Row {
        void read(ResultSet rs) throws SQLException;
    }

    private static void query(Connection c, String sql, Instant from, Instant to, Row row) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, from.atOffset(ZoneOffset.UTC));
            ps.setObject(2, to.atOffset(ZoneOffset.UTC));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    row.read(rs);
                }
            }
        }
    }

    private static Instant at(ResultSet rs, int column) throws SQLException {
        return rs.getObject(column, OffsetDateTime.class).toInstant();
    }

    private static Optional<AssetKey> asset(String key) {
        try {
            return Optional.of(AssetKey.parse(key));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    static String firstLine(String text) {
        if (text == null || text.isBlank()) {
            return "(no message)";
        }
        String line = text.strip().lines().findFirst().orElse("");
        return line.length() > MAX_TEXT ? line.substring(0, MAX_TEXT) + "…" : line;
    }
}
