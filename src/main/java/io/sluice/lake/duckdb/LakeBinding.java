package io.sluice.lake.duckdb;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import io.sluice.lake.DeclaredTables;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeHome;
import io.sluice.lake.LakeTables;
import io.sluice.lake.LakeUnavailable;
import io.sluice.lake.NoLake;
import io.sluice.lake.postgres.PgConnections;
import io.sluice.lake.postgres.PgLake;
import io.sluice.lake.postgres.PgLakeTables;
import io.sluice.lake.postgres.PgSettings;
import io.sluice.store.ActiveStore;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.sql.SQLException;
import java.time.InstantSource;
import java.util.Optional;
import javax.sql.DataSource;
import org.jboss.logging.Logger;

/**
 * Binds the lake's ports at start-up: the engine {@code sluice.lake.engine} names, opened at once and closed at shutdown
 * (the DuckDB file, or the PostgreSQL lake's schema), or, with {@code sluice.lake.enabled=false}, {@link NoLake}, which
 * never opens the lake and says where it is. The only class that names both engines.
 */
@Startup
@Singleton
public class LakeBinding {

    private static final Logger LOG = Logger.getLogger(LakeBinding.class);

    private final LakeSettings settings;
    private final InstantSource clock;
    private final DeclaredTables declared;
    private final Instance<LakeHome> home;
    private final Instance<ActiveStore> store;
    private final Instance<DataSource> storeDataSource;
    private DuckDbLake duckDb;
    private PgLake postgres;
    private Lake lake;
    private LakeTables tables;

    LakeBinding(
            LakeSettings settings,
            InstantSource clock,
            DeclaredTables declared,
            Instance<LakeHome> home,
            Instance<ActiveStore> store,
            Instance<DataSource> storeDataSource) {
        this.settings = settings;
        this.clock = clock;
        this.declared = declared;
        this.home = home;
        this.store = store;
        this.storeDataSource = storeDataSource;
    }

    @PostConstruct
    void bind() {
        if (!settings.enabled()) {
            NoLake none = new NoLake(() -> home.isResolvable() ? home.get().node() : Optional.empty());
            lake = none;
            tables = none;
            LOG.info("this node runs without the lake (sluice.lake.enabled=false): it claims only runs that need no "
                    + "lake, and the data pages say where the lake is");
            return;
        }
        if (settings.engine() == LakeEngine.POSTGRES) {
            LakeSettings.Postgres pg = settings.postgres();
            postgres = new PgLake(
                            postgresConnections(pg),
                            new PgSettings(
                                    pg.schema(), pg.statementTimeout(), pg.workMem(), settings.snapshotRetention()),
                            clock)
                    .open();
            lake = postgres;
            tables = new PgLakeTables(postgres, declared);
            return;
        }
        duckDb = new DuckDbLake(settings, clock);
        duckDb.open();
        lake = duckDb;
        tables = new DuckDbLakeTables(duckDb, declared);
    }

    /**
     * The PostgreSQL lake's connections: a pool of its own to {@code sluice.lake.postgres.url}, or, without one, the
     * metadata store's datasource when the store is PostgreSQL; else the start is refused in one line.
     */
    private PgConnections postgresConnections(LakeSettings.Postgres pg) {
        Optional<String> url = pg.url().filter(u -> !u.isBlank());
        if (url.isPresent()) {
            return PgConnections.pool(
                    url.get(), pg.user().orElse(null), pg.password().orElse(null), pg.poolSize());
        }
        if (store.isResolvable() && "postgresql".equals(store.get().backend())) {
            return PgConnections.of(storeDataSource.get());
        }
        throw new LakeUnavailable(
                "sluice.lake.engine=postgres needs sluice.lake.postgres.url (SLUICE_LAKE_POSTGRES_URL) when the "
                        + "metadata store is not PostgreSQL",
                null);
    }

    @Produces
    @Singleton
    Lake lake() {
        return lake;
    }

    @Produces
    @Singleton
    LakeTables tables() {
        return tables;
    }

    void close(@Observes ShutdownEvent event) throws SQLException {
        if (duckDb != null) {
            duckDb.close(event);
        }
        if (postgres != null) {
            postgres.close();
        }
    }
}
