package io.sluice.example;

import io.quarkus.arc.lookup.LookupIfProperty;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@code bench/noop}: an unpartitioned asset that writes nothing, the target of the every-minute schedule
 * {@link BenchSchedules#NOOP}, so that the schedule benchmark and the cluster test measure ticks and launches, not
 * compute. In the catalog only when {@code sluice.bench.enabled=true} ({@code SLUICE_BENCH_ENABLED=true}).
 */
@ApplicationScoped
@LookupIfProperty(name = "sluice.bench.enabled", stringValue = "true")
public class NoopAsset implements Asset<AssetSpec.NoConfig> {

    public static final String KEY = "bench/noop";

    private final AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder(KEY)
            .description("Benchmark asset: unpartitioned, writes nothing")
            .owners("sluice-bench")
            .tag("layer", "bench")
            .build();

    @Override
    public AssetSpec<AssetSpec.NoConfig> spec() {
        return spec;
    }

    @Override
    public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
        return MaterializeResult.rows(0);
    }
}
