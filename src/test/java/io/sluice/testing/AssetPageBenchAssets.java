package io.sluice.testing;

import io.quarkus.arc.lookup.LookupIfProperty;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import io.sluice.partitions.TimeWindowPartitions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.InstantSource;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** The asset page benchmark's asset: in the catalog only when {@value #PROPERTY}=true (its profile sets it). */
public final class AssetPageBenchAssets {

    public static final String PROPERTY = "sluice.test.asset-page-bench";

    private AssetPageBenchAssets() {}

    /** {@code bench/hourly_100k}: hourly partitions, exactly {@value #PARTITIONS} of them when the application starts. */
    @ApplicationScoped
    @LookupIfProperty(name = PROPERTY, stringValue = "true")
    public static class Hourly100k implements Asset<AssetSpec.NoConfig> {

        public static final String KEY = "bench/hourly_100k";
        public static final int PARTITIONS = 100_000;

        private final AssetSpec<AssetSpec.NoConfig> spec;

        @Inject
        public Hourly100k(InstantSource clock) {
            LocalDateTime start = LocalDateTime.ofInstant(clock.instant(), ZoneOffset.UTC)
                    .truncatedTo(ChronoUnit.HOURS)
                    .minusHours(PARTITIONS);
            spec = AssetSpec.builder(KEY)
                    .description("Benchmark asset: " + PARTITIONS + " hourly partitions")
                    .owners("sluice-bench")
                    .tag("layer", "bench")
                    .partitions(TimeWindowPartitions.hourly(start))
                    .build();
        }

        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return spec;
        }

        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
            return MaterializeResult.rows(1);
        }
    }
}
