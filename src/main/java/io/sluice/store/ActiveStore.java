package io.sluice.store;

import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.DataSource;
import io.quarkus.arc.InjectableInstance;
import io.quarkus.hibernate.orm.PersistenceUnit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import org.hibernate.Session;

/**
 * The one place that knows the metadata store has two backends (H2 embedded, PostgreSQL in
 * production), both declared at build time with exactly one active at run time. Everything else
 * injects the unqualified {@link Session} or {@link javax.sql.DataSource} produced here.
 */
@ApplicationScoped
public class ActiveStore {

    @Inject
    @PersistenceUnit("h2")
    InjectableInstance<Session> h2Session;

    @Inject
    @PersistenceUnit("pg")
    InjectableInstance<Session> pgSession;

    @Inject
    @DataSource("h2")
    InjectableInstance<AgroalDataSource> h2DataSource;

    @Inject
    @DataSource("pg")
    InjectableInstance<AgroalDataSource> pgDataSource;

    @Produces
    @ApplicationScoped
    Session session() {
        return active(pgSession, h2Session);
    }

    @Produces
    @ApplicationScoped
    javax.sql.DataSource dataSource() {
        return active(pgDataSource, h2DataSource);
    }

    /** Which backend is active: {@code postgresql} or {@code h2}. */
    public String backend() {
        return pgSession.getHandle().getBean().isActive() ? "postgresql" : "h2";
    }

    private static <T> T active(InjectableInstance<T> pg, InjectableInstance<T> h2) {
        return pg.getHandle().getBean().isActive() ? pg.get() : h2.get();
    }
}
