package io.sluice.runs.store;

import io.sluice.runs.DynamicKeyStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.hibernate.Session;

/** {@link DynamicKeyStore} on Hibernate ORM. */
@ApplicationScoped
public class JpaDynamicKeyStore implements DynamicKeyStore {

    private final Session session;

    public JpaDynamicKeyStore(Session session) {
        this.session = session;
    }

    @Override
    @Transactional
    public List<String> keys(String name) {
        return session.createSelectionQuery(
                        "select id.partitionKey from DynamicKeyEntity where id.name = :n order by seq", String.class)
                .setParameter("n", name)
                .getResultList();
    }

    @Override
    @Transactional
    public boolean contains(String name, String key) {
        return session.find(DynamicKeyEntity.class, new DynamicKeyEntity.Key(name, key)) != null;
    }

    @Override
    @Transactional
    public List<String> add(String name, List<String> keys, Instant now) {
        Long max = session.createSelectionQuery("select max(seq) from DynamicKeyEntity where id.name = :n", Long.class)
                .setParameter("n", name)
                .getSingleResult();
        long seq = max == null ? 0 : max + 1;
        List<String> added = new ArrayList<>();
        for (String key : new LinkedHashSet<>(keys)) {
            if (session.find(DynamicKeyEntity.class, new DynamicKeyEntity.Key(name, key)) == null) {
                DynamicKeyEntity e = new DynamicKeyEntity();
                e.id = new DynamicKeyEntity.Key(name, key);
                e.addedAt = now;
                e.seq = seq++;
                session.persist(e);
                added.add(key);
            }
        }
        return added;
    }

    @Override
    @Transactional
    public List<String> remove(String name, List<String> keys) {
        List<String> removed = new ArrayList<>();
        for (String key : new LinkedHashSet<>(keys)) {
            DynamicKeyEntity e = session.find(DynamicKeyEntity.class, new DynamicKeyEntity.Key(name, key));
            if (e != null) {
                session.remove(e);
                removed.add(key);
            }
        }
        return removed;
    }
}
