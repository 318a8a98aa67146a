package io.sluice.access.store;

import io.sluice.access.SessionStore;
import io.sluice.access.StoredSession;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Optional;
import org.hibernate.Session;

/** {@link SessionStore} on Hibernate ORM. */
@ApplicationScoped
public class JpaSessionStore implements SessionStore {

    private final Session session;

    public JpaSessionStore(Session session) {
        this.session = session;
    }

    @Override
    @Transactional
    public void create(StoredSession s) {
        SessionEntity e = new SessionEntity();
        e.idHash = s.idHash();
        e.userName = s.user();
        e.createdAt = s.created();
        e.lastSeenAt = s.lastSeen();
        session.persist(e);
    }

    @Override
    @Transactional
    public Optional<StoredSession> find(String idHash) {
        return Optional.ofNullable(session.find(SessionEntity.class, idHash))
                .map(e -> new StoredSession(e.idHash, e.userName, e.createdAt, e.lastSeenAt));
    }

    @Override
    @Transactional
    public void touch(String idHash, Instant at) {
        session.createMutationQuery("update SessionEntity set lastSeenAt = :t where idHash = :h and lastSeenAt < :t")
                .setParameter("t", at)
                .setParameter("h", idHash)
                .executeUpdate();
    }

    @Override
    @Transactional
    public boolean delete(String idHash) {
        return session.createMutationQuery("delete from SessionEntity where idHash = :h")
                        .setParameter("h", idHash)
                        .executeUpdate()
                == 1;
    }

    @Override
    @Transactional
    public int deleteOf(String user, Optional<String> except) {
        return session.createMutationQuery("delete from SessionEntity where userName = :u and idHash <> :keep")
                .setParameter("u", user)
                .setParameter("keep", except.orElse(""))
                .executeUpdate();
    }

    @Override
    @Transactional
    public int deleteEnded(Instant idleSince, Instant createdBefore) {
        return session.createMutationQuery("delete from SessionEntity where lastSeenAt < :idle or createdAt < :created")
                .setParameter("idle", idleSince)
                .setParameter("created", createdBefore)
                .executeUpdate();
    }
}
