package io.sluice.pools;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.AssetCatalog;
import io.sluice.runs.RunLimits;
import jakarta.inject.Inject;
import java.time.InstantSource;
import org.junit.jupiter.api.Test;

/**
 * A pool's limit set on one node is in force on every other at once: two {@link PoolService} instances stand for two
 * nodes on one store, and neither keeps the limits in memory.
 */
@QuarkusTest
class PoolLimitsAcrossNodesTest {

    @Inject
    RunLimits store;

    @Inject
    AuditLog audit;

    @Inject
    AssetCatalog catalog;

    @Inject
    InstantSource clock;

    @Test
    void aLimitSetThroughOneNodeReadsBackThroughAnother() {
        PoolService a = new PoolService(store, audit, catalog, clock);
        PoolService b = new PoolService(store, audit, catalog, clock);
        assertThat(b.limits()).as("b has read the limits once already").doesNotContainKey("across_nodes");
        a.set("across_nodes", 2, true, "node-a-admin", "set on node a");
        assertThat(b.limits()).as("set through a, read through b").containsEntry("across_nodes", 2);
        a.set("across_nodes", 5, true, "node-a-admin", "raised on node a");
        assertThat(b.limits()).containsEntry("across_nodes", 5);
        b.remove("across_nodes", "node-b-admin");
        assertThat(a.limits()).as("removed through b, gone through a").doesNotContainKey("across_nodes");
    }
}
