package io.sluice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A node's own lease, judged at the exact boundaries: OK, AT_RISK under two heartbeats left, EXPIRED at lease - skew. */
class NodeLeaseTest {

    private static final Instant UNTIL = Instant.parse("2026-01-01T10:00:30Z");
    private static final Duration HEARTBEAT = Duration.ofSeconds(5);
    private static final Duration SKEW = Duration.ofSeconds(5);

    private static NodeLease at(Instant now) {
        return NodeLease.health(now, UNTIL, HEARTBEAT, SKEW);
    }

    @Test
    void okWhileTwoHeartbeatsOrMoreAreLeft() {
        assertThat(at(UNTIL.minusSeconds(30))).isEqualTo(NodeLease.OK);
        assertThat(at(UNTIL.minusSeconds(10))).isEqualTo(NodeLease.OK);
        assertThat(NodeLease.OK.claims()).isTrue();
    }

    @Test
    void atRiskUnderTwoHeartbeatsLeft() {
        assertThat(at(UNTIL.minusSeconds(10).plusNanos(1))).isEqualTo(NodeLease.AT_RISK);
        assertThat(at(UNTIL.minusSeconds(5).minusNanos(1))).isEqualTo(NodeLease.AT_RISK);
        assertThat(NodeLease.AT_RISK.claims()).isFalse();
    }

    @Test
    void expiredFromTheLeaseLessTheAllowedSkew() {
        assertThat(at(UNTIL.minusSeconds(5))).isEqualTo(NodeLease.EXPIRED);
        assertThat(at(UNTIL)).isEqualTo(NodeLease.EXPIRED);
        assertThat(at(UNTIL.plusSeconds(60))).isEqualTo(NodeLease.EXPIRED);
        assertThat(NodeLease.health(UNTIL.minusSeconds(1), UNTIL, HEARTBEAT, Duration.ZERO))
                .as("without skew, expired only at the lease's end")
                .isEqualTo(NodeLease.AT_RISK);
    }
}
