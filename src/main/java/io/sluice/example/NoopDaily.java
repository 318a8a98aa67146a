package io.sluice.example;

import io.quarkus.arc.lookup.LookupIfProperty;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import io.sluice.partitions.TimeWindowPartitions;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;

/**
 * {@code bench/noop_daily}: a daily-partitioned asset that writes nothing, so a backfill of it measures
 * only the orchestration (queue, claim, run and partition records) and not any compute. Used by the
 * backfill benchmark ({@code bench/backfill.sh}); it is in the catalog only when
 * {@code sluice.bench.enabled=true} ({@code SLUICE_BENCH_ENABLED=true}).
 */
@ApplicationScoped
@LookupIfProperty(name = "sluice.bench.enabled", stringValue = "true")
public class NoopDaily implements Asset<AssetSpec.NoConfig> {

    public static final String KEY = "bench/noop_daily";
    public static final LocalDate START = LocalDate.of(1990, 1, 1);

    private final AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder(KEY)
            .description("Benchmark asset: one daily partition per day from " + START + ", writes nothing")
            .owners("sluice-bench")
            .tag("layer", "bench")
            .partitions(TimeWindowPartitions.daily(START))
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
