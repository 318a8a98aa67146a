package io.sluice.ops;

import io.sluice.cluster.ClockSkew;
import io.sluice.cluster.NodeDrain;
import io.sluice.cluster.NodeHeartbeat;
import io.sluice.cluster.NodeLease;
import io.sluice.cluster.NodeSettings;
import io.sluice.cluster.NodeState;
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
 * Ready while this node works (not DRAINING, STOPPED or LOST) and its lease is safe: DOWN when less than two heartbeats of it are left or it ran out (other nodes
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
    private final NodeDrain drain;

    public NodeHealthCheck(
            NodeHeartbeat heartbeat, ThisNode self, NodeSettings settings, InstantSource clock, NodeDrain drain) {
        this.heartbeat = heartbeat;
        this.drain = drain;
        this.self = self;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public HealthCheckResponse call() {
        Instant now = clock.instant();
        NodeLease lease = heartbeat.health();
        long silent = Silence.seconds(heartbeat.lastRenewal(), now);
        NodeState state = heartbeat.lost() ? NodeState.LOST : drain.state();
        Optional<String> problem = problem(new Reading(
                state,
                lease,
                silent,
                settings.lease().toSeconds(),
                heartbeat.leaseUntil(),
                heartbeat.lastFailure(),
                heartbeat.skew()));
        HealthCheckResponseBuilder response = HealthCheckResponse.named("node")
                .status(problem.isEmpty())
                .withData("nodeId", self.nodeId())
                .withData("name", self.name())
                .withData("state", state.name())
                .withData("lease", lease.name())
                .withData("secondsSinceHeartbeat", silent);
        problem.ifPresent(p -> response.withData("problem", p));
        return response.build();
    }

    /** What readiness reads of this node: its state, its lease, and the heartbeat's last renewal, failure and skew. */
    record Reading(
            NodeState state,
            NodeLease lease,
            long silentSeconds,
            long leaseSeconds,
            Instant leaseUntil,
            Optional<String> lastFailure,
            Optional<ClockSkew> skew) {}

    /** Why the node is not ready, or empty if it is. */
    static Optional<String> problem(Reading node) {
        return switch (node.state()) {
            case DRAINING -> Optional.of("this node drains: it claims no runs and hands back those it has");
            case STOPPED -> Optional.of("this node drained and stopped");
            case LOST -> Optional.of("another node declared this node lost; it registers again");
            default ->
                node.lease() != NodeLease.OK
                        ? Optional.of("the last heartbeat was stored " + node.silentSeconds() + " s ago (lease "
                                + node.leaseSeconds() + " s): other nodes will take over this node's runs at "
                                + node.leaseUntil().truncatedTo(ChronoUnit.SECONDS)
                                + node.lastFailure()
                                        .map(f -> "; the last renewal failed: " + f)
                                        .orElse(""))
                        : node.skew().filter(ClockSkew::tooLarge).map(ClockSkew::problem);
        };
    }
}
