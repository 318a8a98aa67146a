package io.sluice.lake.duckdb;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import io.sluice.lake.DeclaredTables;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeHome;
import io.sluice.lake.LakeTables;
import io.sluice.lake.NoLake;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.sql.SQLException;
import java.time.InstantSource;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Binds the lake's ports at start-up: the DuckDB lake (its file opened at once, closed at shutdown), or, with {@code
 * sluice.lake.enabled=false}, {@link NoLake}, which never opens the file and says where the lake is.
 */
@Startup
@Singleton
public class LakeBinding {

    private static final Logger LOG = Logger.getLogger(LakeBinding.class);

    private final LakeSettings settings;
    private final InstantSource clock;
    private final DeclaredTables declared;
    private final Instance<LakeHome> home;
    private DuckDbLake duckDb;
    private Lake lake;
    private LakeTables tables;

    LakeBinding(LakeSettings settings, InstantSource clock, DeclaredTables declared, Instance<LakeHome> home) {
        this.settings = settings;
        this.clock = clock;
        this.declared = declared;
        this.home = home;
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
        duckDb = new DuckDbLake(settings, clock);
        duckDb.open();
        lake = duckDb;
        tables = new DuckDbLakeTables(duckDb, declared);
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
    }
}
