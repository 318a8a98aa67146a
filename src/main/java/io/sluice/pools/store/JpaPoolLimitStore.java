package io.sluice.pools.store;

import io.sluice.pools.PoolLimitStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
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

    @Override
    @Transactional
    public void set(String pool, int limit, Instant now) {
        PoolLimitEntity e = session.find(PoolLimitEntity.class, pool);
        if (e == null) {
            e = new PoolLimitEntity();
            e.name = pool;
            e.limit = limit;
            e.updatedAt = now;
            session.persist(e);
        } else {
            e.limit = limit;
            e.updatedAt = now;
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
