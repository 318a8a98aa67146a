package io.sluice.ops;

import io.sluice.lake.Lake;
import io.sluice.lake.NoLake;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only when the lake answers a query (a node without the lake is ready without it). */
@Readiness
@ApplicationScoped
public class LakeHealthCheck implements HealthCheck {

    private final Lake lake;

    public LakeHealthCheck(Lake lake) {
        this.lake = lake;
    }

    @Override
    public HealthCheckResponse call() {
        if (lake instanceof NoLake) {
            // a node started without the lake is ready without it: it runs only assets that need none
            return HealthCheckResponse.named("lake")
                    .up()
                    .withData("lake", "not on this node (SLUICE_LAKE_ENABLED=false)")
                    .build();
        }
        try {
            long one = lake.read(session -> session.queryLong("SELECT 1"));
            return HealthCheckResponse.named("lake").status(one == 1).build();
        } catch (RuntimeException e) {
            return HealthCheckResponse.named("lake")
                    .down()
                    .withData("error", String.valueOf(e.getMessage()))
                    .build();
        }
    }
}
