package io.sluice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** This node's clock against the metadata store's, either way, at the limit and over it. */
class ClockSkewTest {

    private static final Instant DB = Instant.parse("2026-01-01T10:00:00Z");
    private static final Duration MAX = Duration.ofSeconds(5);

    @Test
    void withinTheLimitEitherWay() {
        assertThat(ClockSkew.of(DB.plusSeconds(5), DB, MAX).tooLarge()).isFalse();
        assertThat(ClockSkew.of(DB.minusSeconds(5), DB, MAX).tooLarge()).isFalse();
    }

    @Test
    void overTheLimitEitherWaySaysWhichWay() {
        ClockSkew ahead = ClockSkew.of(DB.plusMillis(5001), DB, MAX);
        assertThat(ahead.tooLarge()).isTrue();
        assertThat(ahead.problem()).startsWith("this node's clock is 5001 ms ahead of the metadata store's");
        ClockSkew behind = ClockSkew.of(DB.minusSeconds(7), DB, MAX);
        assertThat(behind.tooLarge()).isTrue();
        assertThat(behind.problem()).startsWith("this node's clock is 7000 ms behind the metadata store's");
    }
}
