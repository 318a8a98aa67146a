package io.sluice.pools.store;

import io.sluice.pools.PoolLimitStore;
import io.sluice.store.SqlDialect;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hibernate.Hibernate;
import org.hibernate.Session;

/** {@link PoolLimitStore} on Hibernate ORM. */
@ApplicationScoped
public class JpaPoolLimitStore implements PoolLimitStore {

    private final Session session;

    public JpaPoolLimitStore(Session session) {
        this.session = session;
    }

    @Override
    @Transactional
    public Map<String, Integer> all() {
        Map<String, Integer> limits = new LinkedHashMap<>();
        session.createSelectionQuery("from PoolLimitEntity order by name", PoolLimitEntity.class)
                .getResultList()
                .forEach(e -> limits.put(e.name, e.limit));
        return limits;
    }

    /**
     * One insert-or-update statement, so that two requests setting the same new pool at once do not both insert it (the
     * second one's insert used to fail on the primary key, a 500). Where the database still refuses the second insert
     * of a race (H2's MERGE checks for the row before it locks it), it is {@link PoolLimitStore.LostRace}: the row is
     * there now, and setting it again updates it.
     */
    @Override
    @Transactional
    public void set(String pool, int limit, Instant now) {
        session.flush();
        session.doWork(connection -> {
            try (PreparedStatement upsert = connection.prepareStatement(
                    SqlDialect.of(connection).upsert("pool_limit", "name", "name, pool_limit, updated_at"))) {
                upsert.setString(1, pool);
                upsert.setInt(2, limit);
                upsert.setObject(3, now.atOffset(ZoneOffset.UTC));
                upsert.executeUpdate();
            } catch (SQLException e) {
                if ("23505".equals(e.getSQLState())) {
                    throw new PoolLimitStore.LostRace(pool, e);
                }
                throw e;
            }
        });
        PoolLimitEntity cached = session.getReference(PoolLimitEntity.class, pool);
        if (Hibernate.isInitialized(cached)) {
            session.refresh(cached);
        }
    }

    @Override
    @Transactional
    public boolean remove(String pool) {
        return session.createMutationQuery("delete from PoolLimitEntity where name = :n")
                        .setParameter("n", pool)
                        .executeUpdate()
                == 1;
    }
}
