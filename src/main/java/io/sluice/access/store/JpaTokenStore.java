package io.sluice.access.store;

import io.sluice.access.Grants;
import io.sluice.access.StoredToken;
import io.sluice.access.TokenStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;

/** {@link TokenStore} on Hibernate ORM. */
@ApplicationScoped
public class JpaTokenStore implements TokenStore {

    private final Session session;

    public JpaTokenStore(Session session) {
        this.session = session;
    }

    @Override
    @Transactional
    public void create(StoredToken t) {
        TokenEntity e = new TokenEntity();
        e.id = t.id();
        e.secretHash = t.secretHash();
        e.userName = t.user();
        e.name = t.name();
        e.grants = Grants.write(t.grants());
        e.createdAt = t.created();
        e.expiresAt = t.expires();
        e.revokedAt = t.revoked().orElse(null);
        e.lastUsedAt = t.lastUsed().orElse(null);
        session.persist(e);
    }

    @Override
    @Transactional
    public Optional<StoredToken> findBySecretHash(String secretHash) {
        return session
                .createSelectionQuery("from TokenEntity where secretHash = :h", TokenEntity.class)
                .setParameter("h", secretHash)
                .getResultList()
                .stream()
                .findFirst()
                .map(JpaTokenStore::token);
    }

    @Override
    @Transactional
    public Optional<StoredToken> find(String id) {
        return Optional.ofNullable(session.find(TokenEntity.class, id)).map(JpaTokenStore::token);
    }

    @Override
    @Transactional
    public List<StoredToken> list(Optional<String> user) {
        return (user.isPresent()
                        ? session.createSelectionQuery(
                                        "from TokenEntity where userName = :u order by createdAt desc, id",
                                        TokenEntity.class)
                                .setParameter("u", user.get())
                        : session.createSelectionQuery(
                                "from TokenEntity order by createdAt desc, id", TokenEntity.class))
                .getResultList().stream().map(JpaTokenStore::token).toList();
    }

    @Override
    @Transactional
    public boolean revoke(String id, Instant at) {
        return session.createMutationQuery("update TokenEntity set revokedAt = :t where id = :id and revokedAt is null")
                        .setParameter("t", at)
                        .setParameter("id", id)
                        .executeUpdate()
                == 1;
    }

    @Override
    @Transactional
    public void touch(String id, Instant at) {
        session.createMutationQuery("update TokenEntity set lastUsedAt = :t where id = :id")
                .setParameter("t", at)
                .setParameter("id", id)
                .executeUpdate();
    }

    private static StoredToken token(TokenEntity e) {
        return new StoredToken(
                e.id,
                e.secretHash,
                e.userName,
                e.name,
                Grants.read(e.grants),
                e.createdAt,
                e.expiresAt,
                Optional.ofNullable(e.revokedAt),
                Optional.ofNullable(e.lastUsedAt));
    }
}
