package io.sluice.ops;

import io.sluice.store.ActiveStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import javax.sql.DataSource;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only when the active metadata store (H2 or PostgreSQL) answers a query. */
@Readiness
@ApplicationScoped
public class MetadataStoreHealthCheck implements HealthCheck {

    private final DataSource dataSource;
    private final ActiveStore store;

    public MetadataStoreHealthCheck(DataSource dataSource, ActiveStore store) {
        this.dataSource = dataSource;
        this.store = store;
    }

    @Override
    public HealthCheckResponse call() {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            rs.next();
            return HealthCheckResponse.named("metadata-store").up().withData("backend", store.backend()).build();
        } catch (Exception e) {
            return HealthCheckResponse.named("metadata-store").down().withData("backend", store.backend())
                    .withData("error", String.valueOf(e.getMessage())).build();
        }
    }
}
