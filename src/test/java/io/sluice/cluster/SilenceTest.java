package io.sluice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The takeover's reason names the node, its host and pid, how long it was silent and the lease. */
class SilenceTest {

    private static final Instant BEAT = Instant.parse("2026-01-01T10:00:00Z");

    private static Node node(NodeState state, String endReason) {
        return new Node(
                "b-id",
                "b",
                "host-b",
                "/srv/b",
                4242,
                "1.0",
                true,
                true,
                null,
                4,
                null,
                state,
                BEAT,
                BEAT,
                BEAT.plusSeconds(30),
                null,
                null,
                endReason);
    }

    @Test
    void namesTheNodeItsSilenceAndTheLease() {
        assertThat(Silence.describe(node(NodeState.LOST, null), BEAT.plusSeconds(41), Duration.ofSeconds(30), "a"))
                .isEqualTo("node b (host-b, pid 4242) stopped renewing its lease: silent for 41 s (lease 30 s); "
                        + "taken over by node a");
    }

    @Test
    void saysWhenTheNodeStoppedOrWasRestarted() {
        assertThat(Silence.describe(node(NodeState.STOPPED, null), BEAT.plusSeconds(2), Duration.ofSeconds(30), "a"))
                .startsWith("node b (host-b, pid 4242) stopped with runs in progress: silent for 2 s");
        assertThat(Silence.describe(
                        node(NodeState.LOST, "restarted"), BEAT.plusSeconds(3), Duration.ofSeconds(30), "a"))
                .startsWith("node b (host-b, pid 4242) was restarted: silent for 3 s");
    }

    @Test
    void aClockBehindTheHeartbeatIsNeverNegativeSilence() {
        assertThat(Silence.seconds(BEAT, BEAT.minusSeconds(3))).isZero();
    }
}
