package io.sluice.cluster.store;

import io.sluice.catalog.AssetKey;
import io.sluice.cluster.ClusterSignal;
import io.sluice.runs.RunSignals;
import io.sluice.store.ActiveStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.hibernate.Session;

/**
 * {@link RunSignals} as {@code pg_notify('sluice', payload)} on the caller's connection, so in its transaction:
 * PostgreSQL delivers them to the listening nodes ({@link io.sluice.cluster.ClusterWakeups}) on commit only, and drops
 * them on rollback. All the payloads of one call go in one statement. On H2 (one node) it sends nothing.
 */
@ApplicationScoped
public class NotifyRunSignals implements RunSignals {

    private static final String NOTIFY = "SELECT pg_notify('" + ClusterSignal.CHANNEL + "', p) FROM unnest(?) AS p";
    private static final String ASSETS_OF = "SELECT DISTINCT assets FROM run WHERE id = ANY(?)";

    private final Session session;
    private final ActiveStore store;
    private volatile Boolean postgres;

    NotifyRunSignals(Session session, ActiveStore store) {
        this.session = session;
        this.store = store;
    }

    @Override
    public void queued(Collection<String> groups) {
        if (!postgres() || groups.isEmpty()) {
            return;
        }
        Set<String> payloads = new LinkedHashSet<>();
        groups.forEach(g -> payloads.add(new ClusterSignal.Queued(g).encode()));
        session.doWork(c -> notify(c, payloads));
    }

    @Override
    public void ended(Collection<String> runIds) {
        if (!postgres() || runIds.isEmpty()) {
            return;
        }
        session.doWork(c -> {
            Set<AssetKey> assets = new TreeSet<>();
            try (PreparedStatement ps = c.prepareStatement(ASSETS_OF)) {
                ps.setArray(1, c.createArrayOf("varchar", runIds.toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String column = rs.getString(1);
                        if (column == null || column.isEmpty()) {
                            continue;
                        }
                        for (String key : column.split(",")) {
                            assets.add(AssetKey.parse(key));
                        }
                    }
                }
            }
            notify(c, List.of(ClusterSignal.Ended.of(assets).encode()));
        });
    }

    @Override
    public void materialized(Collection<AssetKey> assets) {
        if (!postgres() || assets.isEmpty()) {
            return;
        }
        List<String> payloads = new ArrayList<>();
        new TreeSet<>(assets).forEach(a -> payloads.add(new ClusterSignal.Materialized(a).encode()));
        session.doWork(c -> notify(c, payloads));
    }

    @Override
    public void limitsChanged() {
        if (!postgres()) {
            return;
        }
        session.doWork(c -> notify(c, List.of(new ClusterSignal.LimitsChanged().encode())));
    }

    @Override
    public void nodeAsked(String nodeId) {
        if (!postgres()) {
            return;
        }
        session.doWork(c -> notify(c, List.of(new ClusterSignal.DrainAsked(nodeId).encode())));
    }

    /** Sends the payloads on the connection, in its transaction (PostgreSQL). */
    public static void notify(Connection c, Collection<String> payloads) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(NOTIFY)) {
            ps.setArray(1, c.createArrayOf("text", payloads.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    // one row per payload sent
                }
            }
        }
    }

    private boolean postgres() {
        Boolean p = postgres;
        if (p == null) {
            p = "postgresql".equals(store.backend());
            postgres = p;
        }
        return p;
    }
}
