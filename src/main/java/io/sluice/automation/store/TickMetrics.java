package io.sluice.automation.store;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.sluice.automation.TickRecord;
import io.sluice.metrics.LatencyBuckets;
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

    private final Map<TickRecord.Source, Timer> latency = new EnumMap<>(TickRecord.Source.class);

    TickMetrics(MeterRegistry registry) {
        for (TickRecord.Source source : TickRecord.Source.values()) {
            latency.put(
                    source,
                    Timer.builder("sluice.automation.trigger.latency")
                            .description("From when a tick was due to its evaluation")
                            .tag("kind", source.name().toLowerCase(Locale.ROOT))
                            .serviceLevelObjectives(LatencyBuckets.bounds())
                            .register(registry));
        }
    }

    void recorded(TickRecord tick) {
        Duration late = Duration.between(tick.tick(), tick.evaluatedAt());
        latency.get(tick.source()).record(late.isNegative() ? Duration.ZERO : late);
    }
}
