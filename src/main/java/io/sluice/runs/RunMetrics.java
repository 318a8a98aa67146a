package io.sluice.runs;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

/** Prometheus metrics: runs and asset steps by status, and their durations. */
@ApplicationScoped
class RunMetrics {

    private final MeterRegistry registry;

    RunMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void runFinished(RunStatus status, Duration duration) {
        Counter.builder("sluice.runs").description("Finished runs by status").tag("status", status.name())
                .register(registry).increment();
        Timer.builder("sluice.run.duration").description("Run duration").tag("status", status.name())
                .register(registry).record(duration);
    }

    void stepFinished(String asset, RunStatus status, Duration duration) {
        Counter.builder("sluice.asset.runs").description("Asset materializations by asset and status")
                .tag("asset", asset).tag("status", status.name()).register(registry).increment();
        Timer.builder("sluice.asset.run.duration").description("Asset materialization duration")
                .tag("asset", asset).tag("status", status.name()).register(registry).record(duration);
    }
}
