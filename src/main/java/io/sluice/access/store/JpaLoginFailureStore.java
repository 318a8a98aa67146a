package io.sluice.access.store;

import io.sluice.access.LoginFailureStore;
import io.sluice.access.LoginFailures;
import io.sluice.store.SqlDialect;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.hibernate.Hibernate;
import org.hibernate.Session;

/** {@link LoginFailureStore} on Hibernate ORM. */
@ApplicationScoped
public class JpaLoginFailureStore implements LoginFailureStore {

    private final Session session;

    public JpaLoginFailureStore(Session session) {
        this.session = session;
    }

    @Override
    @Transactional
    public Optional<LoginFailures> find(String subject) {
        return Optional.ofNullable(session.find(LoginFailureEntity.class, subject))
                .map(JpaLoginFailureStore::failures);
    }

    @Override
    @Transactional
    public List<LoginFailures> findAll(List<String> subjects) {
        return session
                .createSelectionQuery("from LoginFailureEntity where subject in :s", LoginFailureEntity.class)
                .setParameter("s", subjects)
                .getResultList()
                .stream()
                .map(JpaLoginFailureStore::failures)
                .toList();
    }

    /** One insert-or-update statement (two nodes counting the same subject's first failure do not both insert it). */
    @Override
    @Transactional
    public void put(LoginFailures f) {
        session.flush();
        session.doWork(connection -> {
            try (PreparedStatement upsert = connection.prepareStatement(SqlDialect.of(connection)
                    .upsert("login_failure", "subject", "subject, failures, window_start, last_at"))) {
                upsert.setString(1, f.subject());
                upsert.setInt(2, f.failures());
                upsert.setObject(3, f.windowStart().atOffset(ZoneOffset.UTC));
                upsert.setObject(4, f.last().atOffset(ZoneOffset.UTC));
                upsert.executeUpdate();
            } catch (SQLException e) {
                if (!"23505".equals(e.getSQLState())) {
                    throw e;
                } // another node counted the same failure's row first: its count stands
            }
        });
        LoginFailureEntity cached = session.getReference(LoginFailureEntity.class, f.subject());
        if (Hibernate.isInitialized(cached)) {
            session.refresh(cached);
        }
    }

    @Override
    @Transactional
    public void clear(String subject) {
        session.createMutationQuery("delete from LoginFailureEntity where subject = :s")
                .setParameter("s", subject)
                .executeUpdate();
    }

    private static LoginFailures failures(LoginFailureEntity e) {
        return new LoginFailures(e.subject, e.failures, e.windowStart, e.lastAt);
    }
}
