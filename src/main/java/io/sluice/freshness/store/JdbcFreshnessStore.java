package io.sluice.freshness.store;

import io.sluice.catalog.AssetKey;
import io.sluice.freshness.FreshnessState;
import io.sluice.freshness.FreshnessStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.Session;

/** {@link FreshnessStore} in plain JDBC on the session's connection; the same statements run on H2 and PostgreSQL. */
@ApplicationScoped
public class JdbcFreshnessStore implements FreshnessStore {

    private static final int MAX_DETAIL = 1000;

    private final Session session;

    JdbcFreshnessStore(Session session) {
        this.session = session;
    }

    @Override
    @Transactional
    public List<Recorded> of(AssetKey asset) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement(
                    "SELECT asset_key, partition_key, state, since, detail FROM freshness_state WHERE asset_key = ? "
                            + "ORDER BY partition_key")) {
                ps.setString(1, asset.toString());
                return read(ps);
            }
        });
    }

    @Override
    @Transactional
    public Map<AssetKey, Recorded> assets() {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement(
                    "SELECT asset_key, partition_key, state, since, detail FROM freshness_state WHERE partition_key = ''")) {
                Map<AssetKey, Recorded> rows = new LinkedHashMap<>();
                read(ps).forEach(r -> rows.put(r.asset(), r));
                return rows;
            }
        });
    }

    @Override
    @Transactional
    public boolean transition(
            AssetKey asset,
            String partition,
            Optional<FreshnessState> from,
            FreshnessState to,
            Instant since,
            String detail,
            Instant now) {
        return session.doReturningWork(connection -> {
            if (from.isEmpty()) {
                try (PreparedStatement ps = connection.prepareStatement(
                        "INSERT INTO freshness_state (asset_key, partition_key, state, since, detail, changed_at) "
                                + "SELECT ?, ?, ?, ?, ?, ? FROM (VALUES (0)) AS one (x) WHERE NOT EXISTS (SELECT 1 "
                                + "FROM freshness_state WHERE asset_key = ? AND partition_key = ?)")) {
                    ps.setString(1, asset.toString());
                    ps.setString(2, partition);
                    ps.setString(3, to.name());
                    ps.setObject(4, since.atOffset(ZoneOffset.UTC));
                    ps.setString(5, clip(detail));
                    ps.setObject(6, now.atOffset(ZoneOffset.UTC));
                    ps.setString(7, asset.toString());
                    ps.setString(8, partition);
                    return ps.executeUpdate() == 1;
                }
            }
            if (to == FreshnessState.FRESH && !partition.equals(ASSET)) {
                return delete(connection, asset, partition, from.get()) == 1;
            }
            try (PreparedStatement ps = connection.prepareStatement(
                    "UPDATE freshness_state SET state = ?, since = ?, detail = ?, changed_at = ? "
                            + "WHERE asset_key = ? AND partition_key = ? AND state = ?")) {
                ps.setString(1, to.name());
                ps.setObject(2, since.atOffset(ZoneOffset.UTC));
                ps.setString(3, clip(detail));
                ps.setObject(4, now.atOffset(ZoneOffset.UTC));
                ps.setString(5, asset.toString());
                ps.setString(6, partition);
                ps.setString(7, from.get().name());
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    @Transactional
    public void describe(AssetKey asset, String partition, FreshnessState state, String detail) {
        session.doWork(connection -> {
            try (PreparedStatement ps = connection.prepareStatement("UPDATE freshness_state SET detail = ? "
                    + "WHERE asset_key = ? AND partition_key = ? AND state = ? AND detail <> ?")) {
                ps.setString(1, clip(detail));
                ps.setString(2, asset.toString());
                ps.setString(3, partition);
                ps.setString(4, state.name());
                ps.setString(5, clip(detail));
                ps.executeUpdate();
            }
        });
    }

    @Override
    @Transactional
    public void forget(AssetKey asset, String partition, FreshnessState state) {
        session.doWork(connection -> delete(connection, asset, partition, state));
    }

    private static int delete(java.sql.Connection connection, AssetKey asset, String partition, FreshnessState state)
            throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "DELETE FROM freshness_state WHERE asset_key = ? AND partition_key = ? AND state = ?")) {
            ps.setString(1, asset.toString());
            ps.setString(2, partition);
            ps.setString(3, state.name());
            return ps.executeUpdate();
        }
    }

    private static List<Recorded> read(PreparedStatement ps) throws SQLException {
        List<Recorded> rows = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                rows.add(new Recorded(
                        AssetKey.parse(rs.getString(1)),
                        rs.getString(2),
                        FreshnessState.valueOf(rs.getString(3)),
                        rs.getObject(4, OffsetDateTime.class).toInstant(),
                        rs.getString(5)));
            }
        }
        return rows;
    }

    private static String clip(String detail) {
        return detail.length() <= MAX_DETAIL ? detail : detail.substring(0, MAX_DETAIL - 1) + "…";
    }
}
