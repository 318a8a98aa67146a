package io.sluice.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.cluster.ClockSkew;
import io.sluice.cluster.NodeLease;
import io.sluice.cluster.NodeState;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When a node's readiness reports DOWN, and the sentence it gives: each node state and lease, and the clock's skew. */
class NodeReadinessTest {

    private static final Instant NOW = Instant.parse("2026-12-07T10:00:00.250Z");

    private static NodeHealthCheck.Reading node(NodeState state, NodeLease lease) {
        return new NodeHealthCheck.Reading(
                state,
                lease,
                3,
                30,
                NOW.plusSeconds(27),
                Optional.empty(),
                Optional.of(ClockSkew.of(NOW, NOW, Duration.ofSeconds(5))));
    }

    @Test
    void aRunningNodeWithASafeLeaseAndClockIsReady() {
        assertThat(NodeHealthCheck.problem(node(NodeState.RUNNING, NodeLease.OK)))
                .isEmpty();
    }

    @Test
    void aDrainingStoppedOrLostNodeIsNotReadyWhateverItsLease() {
        assertThat(NodeHealthCheck.problem(node(NodeState.DRAINING, NodeLease.OK)))
                .hasValue("this node drains: it claims no runs and hands back those it has");
        assertThat(NodeHealthCheck.problem(node(NodeState.STOPPED, NodeLease.OK)))
                .hasValue("this node drained and stopped");
        assertThat(NodeHealthCheck.problem(node(NodeState.LOST, NodeLease.OK)))
                .hasValue("another node declared this node lost; it registers again");
        assertThat(NodeHealthCheck.problem(node(NodeState.LOST, NodeLease.EXPIRED)))
                .hasValue("another node declared this node lost; it registers again");
    }

    @Test
    void aLeaseAtRiskOrRunOutSaysWhenOthersTakeOverAndWhyTheRenewalFailed() {
        assertThat(NodeHealthCheck.problem(node(NodeState.RUNNING, NodeLease.AT_RISK)))
                .hasValue("the last heartbeat was stored 3 s ago (lease 30 s): other nodes will take over this node's "
                        + "runs at 2026-12-07T10:00:27Z");
        NodeHealthCheck.Reading failing = new NodeHealthCheck.Reading(
                NodeState.RUNNING,
                NodeLease.EXPIRED,
                31,
                30,
                NOW.minusSeconds(1),
                Optional.of("connection refused"),
                Optional.empty());
        assertThat(NodeHealthCheck.problem(failing))
                .hasValueSatisfying(p -> assertThat(p)
                        .startsWith("the last heartbeat was stored 31 s ago")
                        .endsWith("; the last renewal failed: connection refused"));
    }

    @Test
    void aClockTooFarFromTheStoresIsNotReady() {
        NodeHealthCheck.Reading skewed = new NodeHealthCheck.Reading(
                NodeState.RUNNING,
                NodeLease.OK,
                1,
                30,
                NOW.plusSeconds(29),
                Optional.empty(),
                Optional.of(ClockSkew.of(NOW, NOW.plusSeconds(20), Duration.ofSeconds(5))));
        assertThat(NodeHealthCheck.problem(skewed)).isPresent();
        assertThat(NodeHealthCheck.problem(skewed).get()).contains("20");
    }
}
