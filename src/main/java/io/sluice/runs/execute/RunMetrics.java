package io.sluice.runs.execute;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.sluice.lake.CheckResult;
import io.sluice.metrics.LatencyBuckets;
import io.sluice.runs.RunStatus;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Prometheus metrics of runs: runs and asset steps by status with their durations, launch-to-start latency, lake write
 * latency, rows written and check outcomes per asset. Labels are bounded (status, asset key, check severity and
 * outcome; never a partition or a run id), and the histograms have one fixed set of buckets, from 10 ms to an hour.
 * The meters of each label set are registered once and kept: building and looking one up again for every run cost a
 * group of short runs more than counting did.
 */
@ApplicationScoped
class RunMetrics {

    private record Meters(Counter count, Timer duration) {}

    private final MeterRegistry registry;
    private final Map<RunStatus, Meters> runs = new ConcurrentHashMap<>();
    private final Map<String, Map<RunStatus, Meters>> steps = new ConcurrentHashMap<>();
    private final Map<String, Counter> rows = new ConcurrentHashMap<>();
    private final Map<String, Timer> writes = new ConcurrentHashMap<>();
    private final Map<String, Counter> checks = new ConcurrentHashMap<>();
    private final Timer startLatency;

    RunMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.startLatency = histogram("sluice.run.start.latency", "From a run's launch to its start")
                .register(registry);
    }

    private static Timer.Builder histogram(String name, String description) {
        return Timer.builder(name).description(description).serviceLevelObjectives(LatencyBuckets.bounds());
    }

    /** A run started this long after it was launched. */
    void runStarted(Duration sinceLaunch) {
        startLatency.record(sinceLaunch.isNegative() ? Duration.ZERO : sinceLaunch);
    }

    void runFinished(RunStatus status, Duration duration) {
        Meters m = runs.computeIfAbsent(
                status,
                s -> new Meters(
                        Counter.builder("sluice.runs")
                                .description("Finished runs by status")
                                .tag("status", s.name())
                                .register(registry),
                        histogram("sluice.run.duration", "Run duration")
                                .tag("status", s.name())
                                .register(registry)));
        m.count().increment();
        m.duration().record(duration);
    }

    void stepFinished(String asset, RunStatus status, Duration duration, long rowsWritten) {
        Meters m = steps.computeIfAbsent(asset, a -> new ConcurrentHashMap<>())
                .computeIfAbsent(
                        status,
                        s -> new Meters(
                                Counter.builder("sluice.asset.runs")
                                        .description("Asset materializations by asset and status")
                                        .tag("asset", asset)
                                        .tag("status", s.name())
                                        .register(registry),
                                histogram("sluice.asset.run.duration", "Asset materialization (step) duration")
                                        .tag("asset", asset)
                                        .tag("status", s.name())
                                        .register(registry)));
        m.count().increment();
        m.duration().record(duration);
        if (rowsWritten > 0) {
            rows.computeIfAbsent(
                            asset,
                            a -> Counter.builder("sluice.asset.rows.written")
                                    .description("Rows written (inserted, removed or closed) to the lake by asset")
                                    .tag("asset", a)
                                    .register(registry))
                    .increment(rowsWritten);
        }
    }

    /** One publish (or refused publish) of the asset's staged rows to its lake table took {@code duration}. */
    void lakeWrite(String asset, Duration duration) {
        writes.computeIfAbsent(
                        asset,
                        a -> histogram("sluice.lake.write.duration", "A publish to the lake: checks, write and commit")
                                .tag("asset", a)
                                .register(registry))
                .record(duration);
    }

    /** The outcomes of the checks one publish ran. */
    void checked(String asset, List<CheckResult> results) {
        for (CheckResult c : results) {
            String severity = c.severity().name();
            String outcome = c.passed() ? "passed" : "failed";
            checks.computeIfAbsent(
                            asset + '\n' + severity + '\n' + outcome,
                            k -> Counter.builder("sluice.checks")
                                    .description("Check outcomes by asset, severity and outcome")
                                    .tag("asset", asset)
                                    .tag("severity", severity)
                                    .tag("outcome", outcome)
                                    .register(registry))
                    .increment();
        }
    }
}
