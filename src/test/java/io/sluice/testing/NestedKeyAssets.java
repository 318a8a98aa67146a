package io.sluice.testing;

import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.KeyedAsset;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.WriteMode;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

/** An asset whose key has three segments, {@code test/eu/orders}: the API and the pages take it as a path. */
public final class NestedKeyAssets {

    public static final String KEY = "test/eu/orders";
    public static final String TABLE = "test_eu_orders";

    private NestedKeyAssets() {}

    /** Keyed by order id (o1, o2, o3); a batch upserts one row per key. */
    @ApplicationScoped
    public static class Orders implements KeyedAsset<AssetSpec.NoConfig> {
        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return AssetSpec.builder(KEY)
                    .description("keyed test asset with a three-segment key")
                    .table(TABLE, WriteMode.upsert("order_id"))
                    .build();
        }

        @Override
        public List<String> allKeys(AssetContext<AssetSpec.NoConfig> context) {
            return List.of("o1", "o2", "o3");
        }

        @Override
        public List<String> changedKeys(AssetContext<AssetSpec.NoConfig> context, String since, String until) {
            return allKeys(context);
        }

        @Override
        public Optional<String> currentWatermark(AssetContext<AssetSpec.NoConfig> context) {
            return Optional.empty();
        }

        @Override
        public MaterializeResult processBatch(AssetContext<AssetSpec.NoConfig> context, List<String> keys) {
            return MaterializeResult.rows(context.output().rows("SELECT unnest(?) AS order_id, 'eu' AS region", keys));
        }
    }
}
