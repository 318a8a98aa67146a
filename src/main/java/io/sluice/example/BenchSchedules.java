package io.sluice.example;

import io.quarkus.arc.lookup.LookupIfProperty;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.ScheduleTarget;
import io.sluice.catalog.AssetKey;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * {@code bench_noop}: every minute (UTC), one run of {@link NoopAsset bench/noop}; declared stopped. For the schedule
 * benchmark ({@code ScheduleLatencyBench}) and the two-node test ({@code ScheduleClusterIT}); declared only when
 * {@code sluice.bench.enabled=true} ({@code SLUICE_BENCH_ENABLED=true}), never in the default app.
 */
@Singleton
public class BenchSchedules {

    public static final String NOOP = "bench_noop";

    @Produces
    @Singleton
    @LookupIfProperty(name = "sluice.bench.enabled", stringValue = "true")
    ScheduleSpec noopEveryMinute() {
        return ScheduleSpec.of(NOOP, "* * * * *", "UTC", ScheduleTarget.of(AssetKey.parse(NoopAsset.KEY)));
    }
}
