package io.sluice.runs.execute;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.sluice.runs.RunStatus;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Prometheus metrics: runs and asset steps by status, and their durations. The meters of each asset and status are
 * registered once and kept: building and looking one up again for every run cost a group of short runs more than
 * counting did.
 */
@ApplicationScoped
class RunMetrics {

    private record Meters(Counter count, Timer duration) {}

    private final MeterRegistry registry;
    private final Map<RunStatus, Meters> runs = new ConcurrentHashMap<>();
    private final Map<String, Map<RunStatus, Meters>> steps = new ConcurrentHashMap<>();

    RunMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void runFinished(RunStatus status, Duration duration) {
        Meters m = runs.computeIfAbsent(
                status,
                s -> new Meters(
                        Counter.builder("sluice.runs")
                                .description("Finished runs by status")
                                .tag("status", s.name())
                                .register(registry),
                        Timer.builder("sluice.run.duration")
                                .description("Run duration")
                                .tag("status", s.name())
                                .register(registry)));
        m.count().increment();
        m.duration().record(duration);
    }

    void stepFinished(String asset, RunStatus status, Duration duration) {
        Meters m = steps.computeIfAbsent(asset, a -> new ConcurrentHashMap<>())
                .computeIfAbsent(
                        status,
                        s -> new Meters(
                                Counter.builder("sluice.asset.runs")
                                        .description("Asset materializations by asset and status")
                                        .tag("asset", asset)
                                        .tag("status", s.name())
                                        .register(registry),
                                Timer.builder("sluice.asset.run.duration")
                                        .description("Asset materialization duration")
                                        .tag("asset", asset)
                                        .tag("status", s.name())
                                        .register(registry)));
        m.count().increment();
        m.duration().record(duration);
    }
}
