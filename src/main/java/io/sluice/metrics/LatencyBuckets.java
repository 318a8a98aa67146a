package io.sluice.metrics;

import java.time.Duration;

/** A leaf every layer may use (JDK only): the one set of bucket bounds every Sluice latency histogram has, from 10 ms to an hour. */
public final class LatencyBuckets {

    private LatencyBuckets() {}

    public static Duration[] bounds() {
        return new Duration[] {
            Duration.ofMillis(10),
            Duration.ofMillis(50),
            Duration.ofMillis(100),
            Duration.ofMillis(250),
            Duration.ofMillis(500),
            Duration.ofSeconds(1),
            Duration.ofMillis(2500),
            Duration.ofSeconds(5),
            Duration.ofSeconds(10),
            Duration.ofSeconds(30),
            Duration.ofMinutes(1),
            Duration.ofMinutes(5),
            Duration.ofMinutes(15),
            Duration.ofHours(1)
        };
    }
}
