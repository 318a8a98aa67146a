package io.sluice.runs.store;

import io.sluice.runs.RunLimits;
import io.sluice.runs.Scope;
import io.sluice.store.SqlDialect;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.hibernate.Session;

/** {@link RunLimits} in plain JDBC on the session's connection (table {@code concurrency_limit}). */
@ApplicationScoped
public class JpaRunLimits implements RunLimits {

    private final Session session;

    JpaRunLimits(Session session) {
        this.session = session;
    }

    @Override
    @Transactional
    public Map<String, Integer> all(Scope scope) {
        return session.doReturningWork(connection -> {
            Map<String, Integer> limits = new TreeMap<>();
            try (PreparedStatement ps =
                    connection.prepareStatement("SELECT name, max_running FROM concurrency_limit WHERE scope = ?")) {
                ps.setString(1, scope.name());
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        limits.put(rs.getString(1), rs.getInt(2));
                    }
                }
            }
            return limits;
        });
    }

    /**
     * One insert-or-update statement, so that two requests setting the same new limit at once do not both insert it.
     * Where the database still refuses the second insert of a race (H2's MERGE checks for the row before it locks it),
     * it is {@link RunLimits.LostRace}: the row is there now, and setting it again updates it.
     */
    @Override
    @Transactional
    public void set(Scope scope, String name, int max, Instant now) {
        Key key = new Key(scope, name);
        if (max < 1) {
            throw new IllegalArgumentException("a limit is at least 1");
        }
        session.doWork(connection -> {
            try (PreparedStatement upsert = connection.prepareStatement(SqlDialect.of(connection)
                    .upsert("concurrency_limit", "scope, name", "scope, name, max_running, updated_at"))) {
                upsert.setString(1, scope.name());
                upsert.setString(2, name);
                upsert.setInt(3, max);
                RecordsWriter.time(upsert, 4, now);
                upsert.executeUpdate();
            } catch (SQLException e) {
                if ("23505".equals(e.getSQLState())) {
                    throw new RunLimits.LostRace(key, e);
                }
                throw e;
            }
        });
    }

    @Override
    @Transactional
    public boolean remove(Scope scope, String name) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement ps =
                    connection.prepareStatement("DELETE FROM concurrency_limit WHERE scope = ? AND name = ?")) {
                ps.setString(1, scope.name());
                ps.setString(2, name);
                return ps.executeUpdate() == 1;
            }
        });
    }
}
