package io.sluice.access.store;

import io.sluice.access.Grants;
import io.sluice.access.User;
import io.sluice.access.UserStore;
import io.sluice.identity.Grant;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;

/** {@link UserStore} on Hibernate ORM. */
@ApplicationScoped
public class JpaUserStore implements UserStore {

    private final Session session;

    public JpaUserStore(Session session) {
        this.session = session;
    }

    @Override
    @Transactional
    public Optional<User> find(String name) {
        return Optional.ofNullable(session.find(UserEntity.class, name)).map(JpaUserStore::user);
    }

    @Override
    @Transactional
    public boolean any() {
        return !session.createSelectionQuery("select u.name from UserEntity u", String.class)
                .setMaxResults(1)
                .getResultList()
                .isEmpty();
    }

    @Override
    @Transactional
    public List<User> all() {
        return session.createSelectionQuery("from UserEntity order by name", UserEntity.class).getResultList().stream()
                .map(JpaUserStore::user)
                .toList();
    }

    /** One insert that a row of the same name refuses (two nodes creating the first admin at once: one wins). */
    @Override
    @Transactional
    public boolean create(User user) {
        session.flush();
        return session.doReturningWork(connection -> {
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO sluice_user (name, password_hash, grants, must_change, created_at, disabled_at)"
                            + " SELECT ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM sluice_user WHERE name = ?)")) {
                insert.setString(1, user.name());
                insert.setString(2, user.passwordHash());
                insert.setString(3, Grants.write(user.grants()));
                insert.setBoolean(4, user.mustChangePassword());
                insert.setObject(5, user.created().atOffset(ZoneOffset.UTC));
                insert.setObject(
                        6, user.disabled().map(d -> d.atOffset(ZoneOffset.UTC)).orElse(null));
                insert.setString(7, user.name());
                return insert.executeUpdate() == 1;
            } catch (SQLException e) {
                if ("23505".equals(e.getSQLState())) {
                    return false;
                }
                throw e;
            }
        });
    }

    @Override
    @Transactional
    public boolean setPassword(String name, String passwordHash, boolean mustChange) {
        return session.createMutationQuery("update UserEntity set passwordHash = :h, mustChange = :m where name = :n")
                        .setParameter("h", passwordHash)
                        .setParameter("m", mustChange)
                        .setParameter("n", name)
                        .executeUpdate()
                == 1;
    }

    @Override
    @Transactional
    public boolean setGrants(String name, List<Grant> grants) {
        return session.createMutationQuery("update UserEntity set grants = :g where name = :n")
                        .setParameter("g", Grants.write(grants))
                        .setParameter("n", name)
                        .executeUpdate()
                == 1;
    }

    @Override
    @Transactional
    public boolean setDisabled(String name, Optional<Instant> at) {
        return session.createMutationQuery("update UserEntity set disabledAt = :d where name = :n")
                        .setParameter("d", at.orElse(null))
                        .setParameter("n", name)
                        .executeUpdate()
                == 1;
    }

    private static User user(UserEntity e) {
        return new User(
                e.name,
                e.passwordHash,
                Grants.read(e.grants),
                e.mustChange,
                e.createdAt,
                Optional.ofNullable(e.disabledAt));
    }
}
