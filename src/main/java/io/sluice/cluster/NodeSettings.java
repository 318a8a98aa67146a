package io.sluice.cluster;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** {@code sluice.cluster.*}: how the nodes of one metadata store keep and check their leases. */
@ConfigMapping(prefix = "sluice.cluster")
public interface NodeSettings {

    /** How often a node renews its lease. */
    @WithDefault("5s")
    Duration heartbeat();

    /** How long a lease lasts after its renewal: other nodes take over a node's runs once it has run out. */
    @WithDefault("30s")
    Duration lease();

    /** How often a node looks for nodes whose lease ran out (PostgreSQL). */
    @WithDefault("5s")
    Duration checkInterval();

    /** The most this node's clock may differ from the metadata store's before readiness reports DOWN. */
    @WithDefault("5s")
    Duration maxClockSkew();

    /** Why these settings cannot work, if they cannot: a lease shorter than three heartbeats runs out between two renewals. */
    static Optional<String> problem(Duration heartbeat, Duration lease) {
        if (heartbeat.isNegative() || heartbeat.isZero()) {
            return Optional.of("sluice.cluster.heartbeat must be positive, not " + heartbeat);
        }
        if (lease.compareTo(heartbeat.multipliedBy(3)) < 0) {
            return Optional.of("sluice.cluster.lease (" + lease.toSeconds()
                    + " s) must be at least 3 heartbeats (sluice.cluster.heartbeat is " + heartbeat.toSeconds()
                    + " s): a shorter lease runs out while the node is alive");
        }
        return Optional.empty();
    }
}
