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

/** Ready only when the active metadata store (H2 or PostgreSQL) answers a query and can be written. */
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
        // answering is not enough: a database file the server may not write opens read-only, and every write would fail
        String readOnly = "h2".equals(store.backend())
                ? "CALL READONLY()"
                : "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on'";
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(readOnly)) {
            rs.next();
            if (rs.getBoolean(1)) {
                return HealthCheckResponse.named("metadata-store")
                        .down()
                        .withData("backend", store.backend())
                        .withData("error", "the metadata store is read-only")
                        .build();
            }
            return HealthCheckResponse.named("metadata-store")
                    .up()
                    .withData("backend", store.backend())
                    .build();
        } catch (Exception e) {
            return HealthCheckResponse.named("metadata-store")
                    .down()
                    .withData("backend", store.backend())
                    .withData("error", String.valueOf(e.getMessage()))
                    .build();
        }
    }
}
