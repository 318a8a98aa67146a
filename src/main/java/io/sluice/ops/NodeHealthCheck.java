package io.sluice.ops;

import io.sluice.cluster.ClockSkew;
import io.sluice.cluster.NodeHeartbeat;
import io.sluice.cluster.NodeLease;
import io.sluice.cluster.NodeSettings;
import io.sluice.cluster.Silence;
import io.sluice.cluster.ThisNode;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready while this node's lease is safe: DOWN when less than two heartbeats of it are left or it ran out (other nodes
 * are about to take its runs over), or when its clock is off the metadata store's by more than the allowed skew.
 * Liveness is not affected: the process is fine, the cluster just should not route work to it.
 */
@Readiness
@ApplicationScoped
public class NodeHealthCheck implements HealthCheck {

    private final NodeHeartbeat heartbeat;
    private final ThisNode self;
    private final NodeSettings settings;
    private final InstantSource clock;

    public NodeHealthCheck(NodeHeartbeat heartbeat, ThisNode self, NodeSettings settings, InstantSource clock) {
        this.heartbeat = heartbeat;
        this.self = self;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public HealthCheckResponse call() {
        Instant now = clock.instant();
        NodeLease lease = heartbeat.health();
        long silent = Silence.seconds(heartbeat.lastRenewal(), now);
        Optional<String> problem = Optional.empty();
        if (lease != NodeLease.OK) {
            problem = Optional.of("the last heartbeat was stored " + silent + " s ago (lease "
                    + settings.lease().toSeconds() + " s): other nodes will take over this node's runs at "
                    + heartbeat.leaseUntil().truncatedTo(ChronoUnit.SECONDS)
                    + heartbeat
                            .lastFailure()
                            .map(f -> "; the last renewal failed: " + f)
                            .orElse(""));
        } else {
            problem = heartbeat.skew().filter(ClockSkew::tooLarge).map(ClockSkew::problem);
        }
        HealthCheckResponseBuilder response = HealthCheckResponse.named("node")
                .status(problem.isEmpty())
                .withData("nodeId", self.nodeId())
                .withData("name", self.name())
                .withData("lease", lease.name())
                .withData("secondsSinceHeartbeat", silent);
        problem.ifPresent(p -> response.withData("problem", p));
        return response.build();
    }
}
