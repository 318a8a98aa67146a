package io.sluice.example;

import io.quarkus.arc.lookup.LookupIfProperty;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import io.sluice.partitions.TimeWindowPartitions;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code bench/noop_pooled_daily}: {@link NoopDaily}'s partitions, in the concurrency pool {@code bench}, and each
 * partition taking {@code sluice.bench.sleep-ms} ({@code SLUICE_BENCH_SLEEP_MS}, default 0) of wall time, so that runs
 * overlap and a pool's and a backfill's limits are exercised across nodes ({@code ClusterFailoverIT},
 * {@code ClusterBench}). It waits in short steps and, once the run is asked to stop (a cancel, a drain), stops with an
 * InterruptedException: returning would record the partition as done.
 * Writes nothing; in the catalog only when {@code sluice.bench.enabled=true}.
 */
@ApplicationScoped
@LookupIfProperty(name = "sluice.bench.enabled", stringValue = "true")
public class NoopPooledDaily implements Asset<AssetSpec.NoConfig> {

    public static final String KEY = "bench/noop_pooled_daily";
    public static final String POOL = "bench";

    private final AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder(KEY)
            .description("Benchmark asset: daily partitions from " + NoopDaily.START
                    + ", in the pool bench, each taking sluice.bench.sleep-ms; writes nothing")
            .owners("sluice-bench")
            .tag("layer", "bench")
            .pool(POOL)
            .partitions(TimeWindowPartitions.daily(NoopDaily.START))
            .build();

    private final long sleepMillis;

    public NoopPooledDaily(@ConfigProperty(name = "sluice.bench.sleep-ms", defaultValue = "0") long sleepMillis) {
        if (sleepMillis < 0) {
            throw new IllegalArgumentException("sluice.bench.sleep-ms must be 0 or more, not " + sleepMillis);
        }
        this.sleepMillis = sleepMillis;
    }

    @Override
    public AssetSpec<AssetSpec.NoConfig> spec() {
        return spec;
    }

    @Override
    public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) throws InterruptedException {
        long until = System.nanoTime() + sleepMillis * 1_000_000;
        while (System.nanoTime() < until) {
            if (context.isCancelRequested()) { // stopped short: a return would claim the partition is done
                throw new InterruptedException("asked to stop before the partition's " + sleepMillis + " ms were up");
            }
            Thread.sleep(Math.min(20, Math.max(1, (until - System.nanoTime()) / 1_000_000)));
        }
        return MaterializeResult.rows(0);
    }
}
