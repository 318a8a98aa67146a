package io.sluice.automation.store;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.sluice.automation.TickRecord;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * Trigger latency: how long after a tick was due (a schedule's minute, a sensor's slot, the event an eager trigger
 * heard) it was evaluated and recorded, by kind ({@code schedule}, {@code sensor}, {@code trigger}).
 */
@ApplicationScoped
class TickMetrics {

    private static final Duration[] BUCKETS = {
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
        Duration.ofMinutes(5)
    };

    private final Map<TickRecord.Source, Timer> latency = new EnumMap<>(TickRecord.Source.class);

    TickMetrics(MeterRegistry registry) {
        for (TickRecord.Source source : TickRecord.Source.values()) {
            latency.put(
                    source,
                    Timer.builder("sluice.automation.trigger.latency")
                            .description("From when a tick was due to its evaluation")
                            .tag("kind", source.name().toLowerCase(Locale.ROOT))
                            .serviceLevelObjectives(BUCKETS)
                            .register(registry));
        }
    }

    void recorded(TickRecord tick) {
        Duration late = Duration.between(tick.tick(), tick.evaluatedAt());
        latency.get(tick.source()).record(late.isNegative() ? Duration.ZERO : late);
    }
}
